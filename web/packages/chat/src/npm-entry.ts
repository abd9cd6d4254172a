/**
 * Entry of the npm build: the public API plus the stylesheet, which Vite extracts to
 * `dist/style.css`. The type declarations come from `index.ts`, so they import no CSS.
 */
import './react/chat.css';

export * from './index';
