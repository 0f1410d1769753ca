import { defineConfig } from 'vitest/config';

// *.pg.test.ts need a real PostgreSQL server (a second process, a killed LISTEN connection): they
// belong to `npm run test:pg` only, so the embedded run neither runs nor skips them.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: postgres ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.pg.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share their worker's module graph instead of importing the API afresh each (import
    // time was three quarters of the suite's). Each file still builds its own app on its own database
    // (test/build-test-app.ts), and no API test mocks a module, so nothing a file changes reaches the next.
    isolate: false,
    env: { LOG_LEVEL: 'silent' },
  },
});
