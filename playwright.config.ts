import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

// Journeys run against the production build served by the API on a fresh data directory, with
// a real SMTP receiver (e2e/server.ts). Chromium comes from Debian; Playwright never downloads one.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry in CI only (decision 0052): a journey that fails twice fails the run; one that passes on
  // its retry is reported as flaky in the log. Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // 20 s: a journey shares the 2 cores with the axe checks of its new pages (e2e/fixtures.ts), which can hold a
  // lazy page's first render for several seconds; a page that never renders still fails.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 768 },
    // CI records a trace only when it retries a failed journey: recording every journey (screencast frames
    // composited and encoded for each page) cost a quarter of the browser step's time (decision 0090).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    // Answers 200 once the API is up and the e2e set-up (Advance windows, e2e/server.ts) is done.
    url: `http://127.0.0.1:${PORT + 2}/__ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
