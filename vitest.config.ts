import { defineConfig } from 'vitest/config';

// `npm test` runs every project that needs no external service. `npm run test:pg` runs the API
// project against PostgreSQL (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core machines
    // this runs on. The test files are independent (each has its own database); a third worker fills
    // the time the others wait (job-queue polls, PostgreSQL round trips, timers): 4m40s → 4m20s here.
    maxWorkers: 3,
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
