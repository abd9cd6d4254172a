/**
 * The library builds, one config:
 * - `vite build`: the npm package, ESM `dist/index.js` + `dist/style.css`, React left to the host.
 * - `vite build --mode embed-panel`: `dist/embed/chat-panel.js`, the script-tag build's panel (one
 *   IIFE with React and the widget, no global), loaded on demand by the launcher. Runs first: it
 *   empties `dist/embed/`.
 * - `vite build --mode embed`: `dist/embed/chat.js`, the launcher (global `CitabotChat`, no React),
 *   which carries the widget's CSS for its shadow root.
 * Type declarations come from `tsc -p tsconfig.build.json`. Tests run in jsdom.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `rem` is relative to the host page's root font size (often 62.5 %, sometimes huge), which would
 * resize the script-tag widget; inside its shadow root it uses the 16 px the styles are written
 * for. The npm build keeps `rem`: a React host owns its page.
 */
const remToPx = {
  postcssPlugin: 'citabot-rem-to-px',
  Declaration(declaration: { value: string }) {
    declaration.value = declaration.value.replace(
      /(\d*\.?\d+)rem\b/g,
      (_, amount: string) => `${String(Number(amount) * 16)}px`,
    );
  },
};

export default defineConfig(({ mode }): UserConfig => {
  // Library mode leaves `process.env.NODE_ENV` alone; the bundled React needs it replaced.
  const define = { 'process.env.NODE_ENV': JSON.stringify('production') };
  if (mode === 'embed-panel') {
    return {
      plugins: [react()],
      define,
      // React 18 instead of the workspace's 19: the same API for our code (the widget's source
      // keeps to what both versions share), about 22 KB gzip less for every visitor.
      resolve: {
        alias: [
          {
            find: /^(react|react-dom)(\/.*)?$/,
            replacement: `${fileURLToPath(new URL('embed-react/node_modules', import.meta.url))}/$1$2`,
          },
        ],
      },
      build: {
        outDir: 'dist/embed',
        emptyOutDir: true,
        // No exports, so no global: `name` is only required by the IIFE format.
        lib: {
          entry: 'src/embed/panel.ts',
          formats: ['iife'],
          name: 'CitabotChatPanel',
          fileName: () => 'chat-panel.js',
        },
      },
    };
  }
  if (mode === 'embed') {
    return {
      define,
      css: { postcss: { plugins: [remToPx] } },
      build: {
        outDir: 'dist/embed',
        emptyOutDir: false,
        rolldownOptions: {
          // The launcher takes two small functions from modules whose top level also builds the
          // panel's defaults out of property reads (`defaultOptions`, the string tables). Those
          // reads have no side effects in our code (the launcher bundles nothing else), so they
          // and the tables they keep alive can go.
          treeshake: { propertyReadSideEffects: false },
        },
        lib: {
          entry: 'src/embed/index.ts',
          formats: ['iife'],
          name: 'CitabotChat',
          fileName: () => 'chat.js',
        },
      },
    };
  }
  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      lib: {
        entry: 'src/npm-entry.ts',
        formats: ['es'],
        fileName: () => 'index.js',
        cssFileName: 'style',
      },
      rolldownOptions: {
        external: [/^react(\/.*)?$/, /^react-dom(\/.*)?$/],
      },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Tests check behaviour, never speed; a few render thousands of versions of a long text,
      // which a loaded two-core CI machine stretched past the 5 s default once.
      testTimeout: 60_000,
    },
  };
});
