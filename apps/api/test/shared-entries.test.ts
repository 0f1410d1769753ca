import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Per-domain entry points (docs/architecture.md): `@stoa/shared/<domain>` is `src/<domain>/index.ts`, which
// re-exports every module of the folder, so a new module cannot be forgotten by its entry.
// (Here rather than in packages/shared, which has no Node types: the package does no I/O.)
const src = join(import.meta.dirname, '../../../packages/shared/src');
const domains = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const exportsMap = (JSON.parse(readFileSync(join(src, '../package.json'), 'utf8')) as { exports: Record<string, string> }).exports;

describe('@stoa/shared entry points', () => {
  it.each(domains)('%s has an entry in package.json exports', (domain) => {
    expect(exportsMap[`./${domain}`]).toBe(`./src/${domain}/index.ts`);
  });

  it.each(domains)('%s/index.ts re-exports every module of the folder', (domain) => {
    const index = readFileSync(join(src, domain, 'index.ts'), 'utf8');
    const modules = readdirSync(join(src, domain))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
      .map((file) => file.slice(0, -'.ts'.length))
      // messages/en is re-exported by name (`en`, `Messages`) rather than with `export *`.
      .filter((module) => !(domain === 'messages' && module === 'en'));
    const missing = modules.filter((module) => !index.includes(`export * from './${module}';`));
    expect(missing).toEqual([]);
  });
});
