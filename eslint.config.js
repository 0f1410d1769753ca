import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Import rules (docs/architecture.md, "Import rules"). Lint is where they are enforced:
 * 1. SQL stays in repositories: only `*.repository.ts`, the table files (`*.tables.ts`), `platform/db/**`
 *    and the demo seed import `drizzle-orm` or `*.tables`. Tests and test fixtures may too (they build
 *    and inspect rows directly); nothing else in apps/api/src.
 * 2. A web feature imports another feature only through its public entry `features/<x>/index.ts`.
 * 3. packages/shared never imports an app.
 * 4. No import cycles in apps/api/src, packages/shared/src and apps/web/src.
 */
const sqlOutsideRepository = {
  paths: [{ name: 'drizzle-orm', message: 'SQL lives in <domain>.repository.ts (docs/architecture.md, import rules).' }],
  patterns: [
    { group: ['drizzle-orm/*'], message: 'SQL lives in <domain>.repository.ts (docs/architecture.md, import rules).' },
    {
      group: ['**/*.tables', '*.tables'],
      message: 'Tables are read and written only by <domain>.repository.ts (docs/architecture.md, import rules).',
    },
  ],
};

const webFeatures = fs
  .readdirSync(path.join(root, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `apps/web/src/features/${feature}`,
  from: `apps/web/src/features/!(${feature})/**`,
  except: ['**/apps/web/src/features/*/index.{ts,tsx}'],
  message: 'Import another feature only through its public entry, features/<feature>/index.ts.',
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through platform/config (parsed once).',
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/platform/config.ts',
      'apps/api/src/server.ts',
      'apps/api/test/**',
      'e2e/**',
      'bench/**',
      '**/*.config.ts',
      'apps/api/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Rule 1: drizzle-orm and *.tables only in repositories, table files and platform/db.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.tables.ts',
      'apps/api/src/platform/db/**',
      // Exceptions, each on purpose: the demo seed inserts its rows directly (it runs once, at start-up
      // on an empty database); tests and test fixtures arrange and inspect rows directly.
      'apps/api/src/seed/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.test-fixtures.ts',
    ],
    rules: { 'no-restricted-imports': ['error', sqlOutsideRepository] },
  },
  // Rules 2-4 resolve imports to files (import-x with its Node resolver: workspaces and package exports).
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Rule 2: features import other features only through their public entry.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }] },
  },
  // Rule 3: shared never imports an app.
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@stoa/api', '@stoa/api/*', '@stoa/web', '@stoa/web/*'], message: 'packages/shared never imports an app.' }],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [{ target: 'packages/shared', from: 'apps', message: 'packages/shared never imports an app.' }] },
      ],
    },
  },
);
