/**
 * Loads the panel (`chat-panel.js`) once per page and URL: a classic `<script>` (a cross-origin
 * module would need CORS headers, a classic script does not) carrying the host's CSP nonce, its
 * URL passed through a Trusted Types policy when the page has Trusted Types.
 */
import { PANEL_CONTRACT, PANEL_EVENT, PANEL_FILE, type ChatPanel } from './contract';

/** Loads the panel at `url`; resolves with what the panel announced. */
export type PanelLoader = (url: string, nonce: string | undefined) => Promise<ChatPanel>;

// One load per URL for the whole page: several widgets share one panel script.
const loads = new Map<string, Promise<ChatPanel>>();

export const loadPanel: PanelLoader = (url, nonce) => {
  let load = loads.get(url);
  if (!load) {
    load = inject(url, nonce);
    loads.set(url, load);
    // A failed load may be retried (the next click tries again).
    load.catch(() => loads.delete(url));
  }
  return load;
};

function inject(url: string, nonce: string | undefined): Promise<ChatPanel> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    let panel: ChatPanel | undefined;
    script.addEventListener(PANEL_EVENT, (event) => {
      panel = (event as CustomEvent<ChatPanel>).detail;
    });
    script.addEventListener('load', () => {
      script.remove();
      if (panel?.contract === PANEL_CONTRACT) resolve(panel);
      else reject(new Error(`citabot: ${url} is not a chat panel of this version`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`citabot: the chat panel could not be loaded from ${url}`));
    });
    if (nonce !== undefined) script.nonce = nonce;
    script.async = true;
    script.src = trustedScriptUrl(url) as string;
    document.head.append(script);
  });
}

/** The parts of the Trusted Types API used here (not in TypeScript's DOM library). */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL: (value: string) => string },
  ): { createScriptURL(value: string): unknown };
}

let policy: { createScriptURL(value: string): unknown } | null | undefined;

/**
 * The URL as a `TrustedScriptURL` when the page has Trusted Types. Pages that enforce them
 * (`require-trusted-types-for 'script'`) list the policy name `citabot-chat` in `trusted-types`;
 * the policy only vouches for panel URLs. Without the policy the plain string is used, which
 * works wherever Trusted Types are not enforced (or a default policy accepts it).
 */
function trustedScriptUrl(url: string): unknown {
  const factory = (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return url;
  if (policy === undefined) {
    try {
      policy = factory.createPolicy('citabot-chat', {
        createScriptURL(value) {
          if (new URL(value).pathname.endsWith(`/${PANEL_FILE}`)) return value;
          throw new TypeError(`citabot-chat: ${value} is not a chat panel URL`);
        },
      });
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}
