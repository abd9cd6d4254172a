/**
 * Safe markdown for bot messages (REQUIREMENTS W4): CommonMark + GFM parsed by our
 * own parser and rendered straight to React elements. No HTML strings, no sanitiser library, no
 * React in the parser (blocks.ts, inline.ts); render.ts is the only file that makes elements.
 */
export { MarkdownDocument, renderMarkdown } from './document';
export type { ParseOptions, Work } from './blocks';
export type { MarkdownNode } from './render';
export { toMarkdownSource } from './source';
export { encodeUrl, safeUrl, youtubeEmbedSrc } from './url';
