/**
 * The site app: a single-page app built to `dist/` (index.html + hashed assets under
 * `/assets/`), served by the citabot server with an SPA fallback.
 *
 * `@citabot/chat` resolves to its TypeScript source through the `citabot-source` export
 * condition, so the site builds, tests and type-checks without building the package first and
 * the dev server reloads widget changes. `npm run dev` proxies `/api` to a server on port 3000.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Preloads the bundled fonts from the page's head, so the browser fetches them beside the
 * scripts rather than once the app has drawn its first text: that text is then drawn in Inter
 * from the start, and nothing reflows when it arrives (no layout shift). Only the build has the
 * fonts' hashed names; the dev server preloads nothing.
 */
function preloadFonts(): Plugin {
  return {
    name: 'citabot-preload-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.keys(bundle ?? {})
          .filter((file) => file.endsWith('.woff2'))
          .map((file) => ({
            tag: 'link',
            // Fonts are fetched in CORS mode, so the preload must be too or it is not used.
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
            },
            injectTo: 'head',
          }));
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), preloadFonts()],
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
