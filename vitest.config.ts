import { defineConfig } from 'vitest/config';

// `npm test` runs every project that needs no external service. `npm run test:pg` runs the API
// project against PostgreSQL (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
