/**
 * The site app: a single-page app built to `dist/` (index.html + hashed assets under
 * `/assets/`), served by the citabot server with an SPA fallback.
 *
 * `@citabot/chat` resolves to its TypeScript source through the `citabot-source` export
 * condition, so the site builds, tests and type-checks without building the package first and
 * the dev server reloads widget changes. `npm run dev` proxies `/api` to a server on port 3000.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    conditions: ['citabot-source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Tests check behaviour, never speed; whole pages with axe and many user events took past
    // the 5 s default on a loaded two-core machine.
    testTimeout: 60_000,
  },
});
