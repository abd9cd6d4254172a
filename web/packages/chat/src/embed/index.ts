/**
 * Entry of the script-tag launcher, `dist/embed/chat.js` (global `CitabotChat`): a few KB with
 * no React. `createChat` mounts a widget inside a shadow root and shows its toggle button; the
 * panel (`chat-panel.js`, React and the widget) is loaded from next to this script on first use.
 * A script tag with `data-webhook-url` starts a chat by itself (see `attributes.ts`).
 */
import css from '../react/chat.css?inline';
import type { ChatHandle } from '../mount';
import { readScriptTag } from './attributes';
import { PANEL_FILE } from './contract';
import hostCss from './host.css?inline';
import { createLauncher, type EmbedOptions, type LauncherContext } from './launcher';
import { loadPanel } from './panel-loader';

export type { EmbedOptions } from './launcher';
export type { ChatHandle } from '../mount';

// Read while this script runs: `document.currentScript` is null afterwards.
const current = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const script = current ?? lastLauncherTag();

const context: LauncherContext = {
  panelUrl: new URL(PANEL_FILE, script && script.src !== '' ? script.src : document.baseURI).href,
  nonce: script && script.nonce !== '' ? script.nonce : undefined,
  css: `${css}\n${hostCss}`,
  loadPanel,
};

/**
 * Mounts a chat widget and returns its handle; the options are `@n8n/chat`'s (see the npm
 * package's `createChat`) plus `nonce`. The widget lives in a shadow root inside
 * `options.target`; its panel loads on first use, and the handle queues calls until then.
 *
 * @example
 * CitabotChat.createChat({ webhookUrl: 'https://YOUR-SERVER/api/n8n/chat' });
 */
export function createChat(options: EmbedOptions = {}): ChatHandle {
  return createLauncher(options, context);
}

// Only the tag that runs this file starts a chat by itself.
if (current) {
  const tag = readScriptTag(current);
  if (tag.autoStart) createChat(tag.options);
}

/**
 * When this file does not run from its own classic script tag (a bundler, a module), the last
 * script whose file is `chat.js` tells where the panel is.
 */
function lastLauncherTag(): HTMLScriptElement | null {
  const candidates = document.querySelectorAll<HTMLScriptElement>('script[src*="chat.js"]');
  return (
    Array.from(candidates)
      .reverse()
      .find((candidate) => new URL(candidate.src).pathname.endsWith('/chat.js')) ?? null
  );
}
