import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  // Run from the repository root or from here alike.
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
