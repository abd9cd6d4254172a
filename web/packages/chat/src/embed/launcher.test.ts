import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatHandle } from '../mount';
import type { ChatPanel } from './contract';
import { createLauncher, type EmbedOptions, type LauncherContext } from './launcher';

const PANEL_URL = 'https://chat.example/embed/chat-panel.js';

/** A stand-in panel: renders a toggle button like the widget's and records every call. */
function fakePanel() {
  const calls: string[] = [];
  const mounted: { options: EmbedOptions; target: Element }[] = [];
  const handle: ChatHandle = {
    open: () => calls.push('open'),
    close: () => calls.push('close'),
    toggle: () => calls.push('toggle'),
    sendMessage: (text) => {
      calls.push(`send:${text}`);
      return Promise.resolve();
    },
    startNewSession: () => {
      calls.push('startNewSession');
      return 'panel-session';
    },
    on: () => () => undefined,
    focusInput: () => calls.push('focusInput'),
    blurInput: () => calls.push('blurInput'),
    setInputValue: (value) => calls.push(`setInputValue:${value}`),
    scrollToBottom: () => calls.push('scrollToBottom'),
    unmount: () => calls.push('unmount'),
  };
  const panel: ChatPanel = {
    contract: 1,
    mount(options, target) {
      mounted.push({ options, target });
      const toggle = document.createElement('button');
      toggle.className = 'chat-window-toggle';
      toggle.setAttribute('aria-label', 'Cerrar chat');
      target.append(toggle);
      return handle;
    },
  };
  return { panel, calls, mounted };
}

function setUp(options: EmbedOptions = {}, load?: Promise<ChatPanel>) {
  const fake = fakePanel();
  let release: (panel: ChatPanel) => void = () => undefined;
  const pending = load ?? new Promise<ChatPanel>((resolve) => (release = resolve));
  const context: LauncherContext = {
    panelUrl: PANEL_URL,
    nonce: 'tag-nonce',
    css: '.chat-window-toggle { color: red }',
    loadPanel: vi.fn(() => pending),
  };
  const handle = createLauncher({ defaultLanguage: 'es', ...options }, context);
  const host = document.querySelector('[data-citabot-chat]');
  const root = host?.shadowRoot ?? null;
  return {
    ...fake,
    context,
    handle,
    host,
    root,
    /** Lets the panel load finish and the launcher mount it. */
    async loaded() {
      release(fake.panel);
      await pending;
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

function launcherButton(root: ShadowRoot | null): HTMLButtonElement {
  const button = root?.querySelector('button');
  if (!button) throw new Error('no launcher button');
  return button;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('createLauncher', () => {
  it('shows the toggle button in a shadow root and loads nothing until it is used', () => {
    const { root, host, context } = setUp();
    expect(host?.parentElement?.id).toBe('n8n-chat');
    expect(root).not.toBeNull();
    const button = within(root as unknown as HTMLElement).getByRole('button', {
      name: 'Abrir chat',
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button')).toBeNull(); // nothing in the page's own tree
    expect(root?.querySelector('style')).toHaveAttribute('nonce', 'tag-nonce');
    expect(context.loadPanel).not.toHaveBeenCalled();
  });

  it('loads the panel on the first click, swaps the buttons and opens', async () => {
    const setup = setUp({ webhookUrl: '/api/n8n/chat' });
    const button = launcherButton(setup.root);
    button.focus();
    fireEvent.click(button);
    expect(setup.context.loadPanel).toHaveBeenCalledWith(PANEL_URL, 'tag-nonce');
    expect(button).toHaveAttribute('aria-busy', 'true');

    await setup.loaded();
    expect(setup.mounted).toHaveLength(1);
    expect(setup.mounted[0]?.options).toEqual({
      defaultLanguage: 'es',
      webhookUrl: '/api/n8n/chat',
    });
    expect(setup.mounted[0]?.target.getRootNode()).toBe(setup.root);
    expect(button.isConnected).toBe(false);
    expect(setup.calls).toEqual(['toggle']);
    expect(setup.root?.activeElement).toHaveAttribute('aria-label', 'Cerrar chat');

    setup.handle.close();
    expect(setup.calls).toEqual(['toggle', 'close']);
  });

  it('queues handle calls until the panel is there and replays them in order', async () => {
    const setup = setUp();
    setup.handle.close();
    expect(setup.context.loadPanel).not.toHaveBeenCalled();
    const sent = setup.handle.sendMessage('hola');
    setup.handle.open();
    expect(setup.context.loadPanel).toHaveBeenCalledTimes(1);
    let done = false;
    void sent.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);

    await setup.loaded();
    await sent;
    expect(setup.calls).toEqual(['close', 'send:hola', 'open']);
  });

  it('gives a new session id before the panel loads, and the panel starts with it', async () => {
    const setup = setUp({ sessionId: 'host-id' });
    const first = setup.handle.startNewSession();
    const id = setup.handle.startNewSession();
    expect(id).not.toBe(first);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(setup.context.loadPanel).not.toHaveBeenCalled();
    setup.handle.open();
    await setup.loaded();
    expect(setup.mounted[0]?.options).toMatchObject({ sessionId: id, loadPreviousSession: false });
    expect(setup.calls).toEqual(['startNewSession', 'open']);
  });

  it('loads the panel at once in fullscreen mode, with no launcher button', async () => {
    const setup = setUp({ mode: 'fullscreen' });
    expect(setup.host).toHaveAttribute('data-mode', 'fullscreen');
    expect(setup.root?.querySelector('button')).toBeNull();
    expect(setup.context.loadPanel).toHaveBeenCalledTimes(1);
    await setup.loaded();
    expect(setup.mounted).toHaveLength(1);
  });

  it('reports a failed load, rejects queued messages and lets the user try again', async () => {
    const failure = new Error('citabot: the chat panel could not be loaded');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setup = setUp({}, Promise.reject(failure));
    const sent = setup.handle.sendMessage('hola');
    await expect(sent).rejects.toBe(failure);
    expect(error).toHaveBeenCalledWith(failure);
    const button = launcherButton(setup.root);
    expect(button).not.toHaveAttribute('aria-busy');
    fireEvent.click(button);
    expect(setup.context.loadPanel).toHaveBeenCalledTimes(2);
  });

  it('mounts into a given element and removes only what it added', async () => {
    const target = document.createElement('section');
    target.innerHTML = '<p>host content</p>';
    document.body.append(target);
    const setup = setUp({ target });
    expect(setup.host?.parentElement).toBe(target);
    setup.handle.open();
    await setup.loaded();
    setup.handle.unmount();
    expect(setup.calls).toEqual(['open', 'unmount']);
    expect(target.innerHTML).toBe('<p>host content</p>');
    expect(target.isConnected).toBe(true);
  });

  it('unmounted before the panel arrives: the page is clean and the panel never mounts', async () => {
    const setup = setUp({ target: '#chat-here' });
    expect(document.getElementById('chat-here')).not.toBeNull();
    const sent = setup.handle.sendMessage('hola');
    setup.handle.unmount();
    await expect(sent).resolves.toBeUndefined();
    await setup.loaded();
    expect(setup.mounted).toHaveLength(0);
    expect(document.getElementById('chat-here')).toBeNull();
    expect(document.querySelector('[data-citabot-chat]')).toBeNull();
  });
});
