// Measures the JavaScript of the first load (ARCHITECTURE.md §11 and decisions 0006, 0009: the shell and the login page,
// budget 210 kB gzip): the entry chunk, the login page chunk and every chunk they import
// statically. Run after `vite build`: node apps/web/scripts/first-load-size.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit('index.html');
visit('src/features/account/components/login-page.tsx');

let total = 0;
let brotliTotal = 0;
const rows = [...seen].map((key) => {
  const body = readFileSync(path.join(dist, manifest[key].file));
  const bytes = gzipSync(body).length;
  total += bytes;
  // What the server sends a browser that accepts brotli (the build precompresses at quality 11, decision 0074).
  brotliTotal += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return [manifest[key].file, bytes];
});
for (const [file, bytes] of rows.sort((a, b) => b[1] - a[1])) console.log(`${(bytes / 1000).toFixed(1).padStart(7)} kB  ${file}`);
// Decision 0009 (after 0006): 210 kB; ARCHITECTURE.md §11 says 170 kB.
const budget = 210_000;
console.log(`${(total / 1000).toFixed(1).padStart(7)} kB  first load (gzip), budget ${budget / 1000} kB`);
console.log(`${(brotliTotal / 1000).toFixed(1).padStart(7)} kB  first load as sent to a browser that accepts brotli`);
process.exitCode = total > budget ? 1 : 0;
