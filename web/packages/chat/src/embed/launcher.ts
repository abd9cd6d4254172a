/**
 * The launcher: what `chat.js` puts on a page before anyone opens the chat. It owns the widget's
 * shadow root (the page's CSS cannot reach in, the widget's cannot leak out) and shows a plain-DOM
 * copy of the widget's toggle button. The panel (React and the widget) loads on the first open,
 * on `open()`/`toggle()`/`sendMessage()` through the handle, or at once in fullscreen mode; the
 * handle queues calls until then and replays them in order.
 *
 * No React here, and nothing from the widget but its placement options and the toggle's label
 * (not the string tables): this file and its imports are the launcher's size budget.
 */
import { launcherOptions, type ChatOptionsInput } from '../core/options';
import { newId } from '../core/session';
import type { ChatHandle } from '../mount';
import type { ChatPanel } from './contract';
import type { PanelLoader } from './panel-loader';
import { adoptStyles } from './styles';
import { resolveTarget } from '../mountTarget';

/** `createChat`'s options in the script-tag build: the widget's, plus the CSP nonce. */
export interface EmbedOptions extends ChatOptionsInput {
  /**
   * The page's CSP nonce, given to the panel's `<script>` (and to a `<style>` in browsers
   * without constructable stylesheets). Default: the nonce of the `chat.js` script tag.
   */
  nonce?: string;
}

/** What every launcher of one `chat.js` shares. */
export interface LauncherContext {
  /** Absolute URL of `chat-panel.js`. */
  panelUrl: string;
  /** Nonce used when the options carry none. */
  nonce: string | undefined;
  /** The widget's stylesheet, adopted by each shadow root. */
  css: string;
  loadPanel: PanelLoader;
}

type Phase = 'launcher' | 'loading' | 'mounted' | 'unmounted';

/** Creates one widget behind a launcher and returns its handle at once. */
export function createLauncher(input: EmbedOptions, context: LauncherContext): ChatHandle {
  const { nonce = context.nonce, ...chatInput } = input;
  const options = launcherOptions(chatInput);
  const fullscreen = options.mode === 'fullscreen';
  let overrides: ChatOptionsInput = {};
  let phase: Phase = 'launcher';
  /** The mounted widget's handle; `chat` too once queued calls have been replayed. */
  let widget: ChatHandle | null = null;
  let chat: ChatHandle | null = null;
  let queue: ((chat: ChatHandle) => void)[] = [];
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  let dom: { host: HTMLElement; root: ShadowRoot; createdTarget: Element | null } | null = null;
  let launcher: { wrapper: HTMLElement; button: HTMLButtonElement } | null = null;

  function attach(): void {
    if (phase === 'unmounted') return;
    const { element, created } = resolveTarget(options.target);
    const host = document.createElement('div');
    host.setAttribute('data-citabot-chat', '');
    if (fullscreen) host.setAttribute('data-mode', 'fullscreen');
    const root = host.attachShadow({ mode: 'open' });
    adoptStyles(root, context.css, nonce);
    if (!fullscreen) {
      launcher = renderLauncher(
        options.openChat,
        theme(options.colorScheme),
        () => {
          handle.toggle();
        },
        () => {
          // Pointing at the button is intent enough to start fetching the panel.
          void context.loadPanel(context.panelUrl, nonce).catch(() => undefined);
        },
      );
      root.append(launcher.wrapper);
    }
    element.append(host);
    dom = { host, root, createdTarget: created ? element : null };
    if (fullscreen || queue.length > 0) load();
  }

  function load(): void {
    if (phase !== 'launcher' || !dom) return;
    phase = 'loading';
    launcher?.button.setAttribute('aria-busy', 'true');
    context.loadPanel(context.panelUrl, nonce).then(mount, (error: unknown) => {
      if (phase !== 'loading') return;
      phase = 'launcher';
      launcher?.button.removeAttribute('aria-busy');
      console.error(error);
      queue = [];
      for (const { reject } of waiting.splice(0)) reject(error);
    });
  }

  function mount(panel: ChatPanel): void {
    if (phase !== 'loading' || !dom) return;
    const { root } = dom;
    const mountPoint = document.createElement('div');
    mountPoint.className = 'citabot-chat-panel';
    root.append(mountPoint);
    const hadFocus = launcher !== null && root.activeElement === launcher.button;
    widget = panel.mount({ ...chatInput, ...overrides }, mountPoint);
    // A session asked for before the panel came: its id is the option the widget mounted with,
    // which the widget uses while it has no session yet, i.e. right now.
    if (overrides.sessionId !== undefined) widget.startNewSession();
    launcher?.wrapper.remove();
    launcher = null;
    // Keep keyboard users where they were: on the toggle button, now the widget's own.
    if (hadFocus) root.querySelector<HTMLElement>('.chat-window-toggle')?.focus();
    // Replay at once: the widget itself handles calls that come before its session has started
    // (an `open` focuses the start button or the input once it shows, a `focusInput` or
    // `setInputValue` waits for the input), and listeners are in place before `sessionStarted`.
    chat = widget;
    phase = 'mounted';
    const calls = queue;
    queue = [];
    waiting = [];
    for (const call of calls) call(chat);
  }

  /** Runs `call` now if the panel is mounted, else queues it (and loads the panel if `needed`). */
  function whenMounted(call: (chat: ChatHandle) => void, needed: boolean): void {
    if (phase === 'unmounted') return;
    if (chat) {
      call(chat);
      return;
    }
    queue.push(call);
    if (needed) load();
  }

  /** A method with nothing to return, run now or once the panel is there. */
  function forward(call: (chat: ChatHandle) => void, loadsPanel: boolean): () => void {
    return () => {
      whenMounted(call, loadsPanel);
    };
  }

  const handle: ChatHandle = {
    open: forward((chat) => {
      chat.open();
    }, true),
    close: forward((chat) => {
      chat.close();
    }, false),
    toggle: forward((chat) => {
      chat.toggle();
    }, true),
    sendMessage: (text, files) => {
      if (chat) return chat.sendMessage(text, files);
      if (phase === 'unmounted') return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        whenMounted((chat) => {
          chat.sendMessage(text, files).then(resolve, reject);
        }, true);
      });
    },
    startNewSession: () => {
      const mounted = chat ?? widget;
      if (mounted) return mounted.startNewSession();
      // No widget yet: the new id becomes the mounted widget's first session (and no previous
      // session is loaded for it). An earlier id asked for the same way is superseded.
      const id = newId();
      overrides = { sessionId: id, loadPreviousSession: false };
      return id;
    },
    // Listeners and input events wait for the panel like every other call.
    on: (event, listener) => {
      let off: (() => void) | undefined;
      let active = true;
      whenMounted((chat) => {
        if (active) off = chat.on(event, listener);
      }, false);
      return () => {
        active = false;
        off?.();
      };
    },
    focusInput: () => {
      whenMounted((chat) => {
        chat.focusInput();
      }, false);
    },
    blurInput: () => {
      whenMounted((chat) => {
        chat.blurInput();
      }, false);
    },
    setInputValue: (value) => {
      whenMounted((chat) => {
        chat.setInputValue(value);
      }, false);
    },
    scrollToBottom: () => {
      whenMounted((chat) => {
        chat.scrollToBottom();
      }, false);
    },
    unmount: () => {
      if (phase === 'unmounted') return;
      phase = 'unmounted';
      widget?.unmount();
      widget = null;
      chat = null;
      queue = [];
      for (const { resolve } of waiting.splice(0)) resolve();
      dom?.host.remove();
      dom?.createdTarget?.remove();
      dom = null;
    },
  };
  whenDocumentReady(attach);
  return handle;
}

/** Runs `then` once the document has been parsed (at once if it has). */
function whenDocumentReady(then: () => void): void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', then, { once: true });
  } else {
    then();
  }
}

const SVG = 'http://www.w3.org/2000/svg';
// The widget's chat icon (`react/Icon.tsx`).
const CHAT_ICON =
  'M5 3h14a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-8l-5 4v-4H5a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z';

/** The widget's theme for a `colorScheme` option, as `ChatWidget` picks it when it mounts. */
function theme(scheme: 'light' | 'dark' | 'auto'): 'light' | 'dark' {
  if (scheme !== 'auto') return scheme;
  const systemDark = 'matchMedia' in window && matchMedia('(prefers-color-scheme: dark)').matches;
  return systemDark ? 'dark' : 'light';
}

/** The widget's closed toggle button (same classes and labels as `ChatWidget`), in plain DOM. */
function renderLauncher(
  label: string,
  theme: 'light' | 'dark',
  onClick: () => void,
  onIntent: () => void,
): { wrapper: HTMLElement; button: HTMLButtonElement } {
  const wrapper = document.createElement('div');
  wrapper.className = 'citabot-chat n8n-chat chat-window-wrapper';
  wrapper.setAttribute('data-state', 'closed');
  wrapper.setAttribute('data-theme', theme);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'chat-window-toggle';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.addEventListener('click', onClick);
  button.addEventListener('pointerenter', onIntent, { once: true });
  const svg = document.createElementNS(SVG, 'svg');
  const attributes = {
    class: 'chat-icon chat-icon-chat',
    width: '32',
    height: '32',
    viewBox: '0 0 24 24',
    'aria-hidden': 'true',
    focusable: 'false',
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', CHAT_ICON);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  button.append(svg);
  wrapper.append(button);
  return { wrapper, button };
}
