import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema.ts',
  // DRIZZLE_OUT: scripts/check-migrations.sh generates into a scratch copy to detect schema drift.
  out: process.env.DRIZZLE_OUT ?? './drizzle',
  casing: 'snake_case',
});
