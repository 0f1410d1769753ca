import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Precompression at build time (issue 16, decision 0074): every text file of the bundle over 1 kB
 * gets a `.br` (quality 11) and a `.gz` (level 9) beside it, and the API serves them to browsers
 * that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'stoa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|txt)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Chunking (ARCHITECTURE.md §11): the first load carries the shell and the login page only.
 * Pages are split by route with React.lazy (features/<feature>/routes.tsx, decision 0030). React and the router form
 * one long-cached vendor chunk; self-contained libraries get chunks of their own. Everything else
 * (MUI components and the date pickers in particular) is split automatically by who imports it:
 * grouping packages that import MUI by hand creates chunk cycles that break at run time.
 */
const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'vendor-dayjs', test: /[\\/]node_modules[\\/]dayjs[\\/]/, priority: 20 },
  { name: 'vendor-idle', test: /[\\/]node_modules[\\/]react-idle-timer[\\/]/, priority: 20 },
  { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 20 },
];

export default defineConfig(({ command }) => {
  // `vite build` always makes the production bundle (issue 16): a shell that exports
  // NODE_ENV=development for the server (README) must not ship React's development build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompress()],
    server: {
      port: 5173,
      proxy: {
        // The API (apps/api) on its development port; `ws` carries the notification hub later.
        '/api': { target: 'http://localhost:8090', changeOrigin: true, ws: true },
      },
    },
    preview: {
      proxy: { '/api': { target: 'http://localhost:8090', changeOrigin: true, ws: true } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // dist/.vite/manifest.json: lets scripts/first-load-size.mjs measure the first load.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // packages/shared is pure (contracts, messages, tables): let unused contracts drop out
          // instead of every domain's schemas riding along with the login page.
          moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
        },
        output: {
          codeSplitting: {
            // Only the matched packages go in a group chunk, not what they import (MUI core
            // stays shared with the login page instead of being dragged into the pickers chunk).
            includeDependenciesRecursively: false,
            groups: vendorGroups,
          },
        },
      },
    },
  };
});
