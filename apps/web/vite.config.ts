import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
});
