import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeSocket } from '../test/socket';
import { jsonResponse, stubWebhook } from '../test/webhook';
import { Chat } from './Chat';
import { ChatWidget } from './ChatWidget';
import { mergeOptions } from '../core/options';
import { createChatStore } from '../core/store';

/** Fakes `matchMedia` (jsdom has none) with the system in dark mode or not. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    change(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

describe('Chat', () => {
  it('opens and closes the window with a labelled toggle button', async () => {
    stubWebhook();
    const user = userEvent.setup();
    const { container } = render(<Chat webhookUrl="/api/n8n/chat" />);

    const toggle = screen.getByRole('button', { name: 'Open chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.querySelector('.chat-icon-chat')).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Hi there! 👋' })).toBeNull();
    expect(container.querySelector('.citabot-chat')).toHaveAttribute('data-state', 'closed');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close chat');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle.querySelector('.chat-icon-chevron-down')).not.toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Hi there! 👋' });
    expect(dialog).toBeVisible();
    expect(toggle).toHaveAttribute('aria-controls', dialog.id);
    expect(container.querySelector('.citabot-chat')).toHaveAttribute('data-state', 'open');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Open chat');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves the focus into the window on open and back to the toggle on close (Escape)', async () => {
    stubWebhook();
    const user = userEvent.setup();
    render(<Chat webhookUrl="/api/n8n/chat" loadPreviousSession={false} />);
    const toggle = screen.getByRole('button', { name: 'Open chat' });
    await screen.findByRole('textbox', { hidden: true });

    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: 'Type your question..' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('is usable with the keyboard alone', async () => {
    stubWebhook();
    const user = userEvent.setup();
    render(
      <Chat
        webhookUrl="/api/n8n/chat"
        showWelcomeScreen
        showWindowCloseButton
        loadPreviousSession={false}
      />,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'New Conversation' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox');
    expect(input).toHaveFocus();
    await user.keyboard('hola{Enter}');
    expect(await screen.findByText('echo: hola')).toBeInTheDocument();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Close chat' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
  });

  it('shows the welcome screen, then the input once the conversation starts', async () => {
    stubWebhook();
    const user = userEvent.setup();
    render(
      <Chat
        webhookUrl="/api/n8n/chat"
        showWelcomeScreen
        defaultLanguage="es"
        i18n={{ es: { title: 'Hola', getStarted: 'Nueva conversación' } }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir chat' }));
    const panel = screen.getByRole('dialog', { name: 'Hola' });
    expect(within(panel).queryByRole('textbox')).toBeNull();

    await user.click(await within(panel).findByRole('button', { name: 'Nueva conversación' }));
    const input = within(panel).getByRole('textbox', { name: 'Escribe tu pregunta...' });
    expect(input).toHaveFocus();
    expect(within(panel).queryByRole('button', { name: 'Nueva conversación' })).toBeNull();
    expect(window.localStorage.getItem('n8n-chat/sessionId')).toEqual(expect.any(String));
  });

  it('fills its container in fullscreen mode, without a toggle', async () => {
    stubWebhook();
    const { container } = render(<Chat mode="fullscreen" />);
    expect(screen.getByRole('region', { name: 'Hi there! 👋' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
    expect(await screen.findByRole('textbox')).toBeInTheDocument();
    expect(container.querySelector('.citabot-chat')).toHaveClass('chat-fullscreen');
    expect(container.querySelector('.citabot-chat')).toHaveAttribute('data-state', 'open');
  });

  it('shows data-theme: light by default, dark on request, and auto following the system', () => {
    stubWebhook();
    const system = systemScheme(true);
    const { container } = render(
      <>
        <Chat />
        <Chat colorScheme="dark" storageNamespace="b" />
        <Chat colorScheme="auto" storageNamespace="c" />
      </>,
    );
    const themes = () =>
      Array.from(container.querySelectorAll('.citabot-chat'), (root) =>
        root.getAttribute('data-theme'),
      );
    expect(themes()).toEqual(['light', 'dark', 'dark']);
    act(() => {
      system.change(false);
    });
    expect(themes()).toEqual(['light', 'dark', 'light']);
  });

  it("follows a host's colorScheme given to ChatWidget over the store's option", () => {
    stubWebhook();
    const store = createChatStore(mergeOptions({ colorScheme: 'light' }));
    const { container, rerender } = render(<ChatWidget store={store} />);
    const theme = () => container.querySelector('.citabot-chat')?.getAttribute('data-theme');
    expect(theme()).toBe('light');
    rerender(<ChatWidget store={store} colorScheme="dark" />);
    expect(theme()).toBe('dark');
    rerender(<ChatWidget store={store} colorScheme="light" />);
    expect(theme()).toBe('light');
  });

  it("shows a host's title given to ChatWidget over the store's, and names the window by it", () => {
    stubWebhook();
    const store = createChatStore(
      mergeOptions({ mode: 'fullscreen', defaultLanguage: 'es', i18n: { es: { title: 'Hola' } } }),
    );
    const { rerender } = render(<ChatWidget store={store} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Hola');
    rerender(<ChatWidget store={store} title="Peluquería Lucía" />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Peluquería Lucía');
    expect(screen.getByRole('region', { name: 'Peluquería Lucía' })).toBeInTheDocument();
  });

  it("shows a host's avatarUrl given to ChatWidget over the store's, and a new one when it changes", () => {
    stubWebhook();
    const store = createChatStore(mergeOptions({ mode: 'fullscreen', avatarUrl: '/a.png' }));
    const { container, rerender } = render(<ChatWidget store={store} />);
    const picture = () => container.querySelector('.chat-header .chat-avatar img');
    expect(picture()).toHaveAttribute('src', '/a.png');
    rerender(<ChatWidget store={store} avatarUrl="/api/business/logo?v=2" />);
    expect(picture()).toHaveAttribute('src', '/api/business/logo?v=2');
    rerender(<ChatWidget store={store} avatarUrl="/api/business/logo?v=3" />);
    expect(picture()).toHaveAttribute('src', '/api/business/logo?v=3');
  });

  it('renders messages with the components given in messageComponents', async () => {
    installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ output: 'ok' }) });
    function Badge({ label }: { label: string }) {
      return <strong>{label}</strong>;
    }
    render(
      <Chat
        mode="fullscreen"
        loadPreviousSession={false}
        messageComponents={{ badge: Badge }}
        messageHistory={[
          { id: '1', type: 'component', sender: 'bot', key: 'badge', arguments: { label: 'VIP' } },
          {
            id: '2',
            type: 'component',
            sender: 'bot',
            key: 'with-buttons',
            arguments: { text: 'Sigue disponible', buttons: [] },
          },
        ]}
      />,
    );
    // The conversation starts (and its log is remounted) before the components are checked.
    await screen.findByRole('textbox');
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('Sigue disponible')).toBeInTheDocument();
  });

  it('keeps two widgets on one page apart', async () => {
    const { requests } = stubWebhook();
    const user = userEvent.setup();
    render(
      <>
        <Chat mode="fullscreen" storageNamespace="one" i18n={{ en: { title: 'One' } }} />
        <Chat mode="fullscreen" storageNamespace="two" i18n={{ en: { title: 'Two' } }} />
      </>,
    );
    const one = screen.getByRole('region', { name: 'One' });
    const two = screen.getByRole('region', { name: 'Two' });

    await user.type(await within(one).findByRole('textbox'), 'solo en uno{Enter}');
    expect(await within(one).findByText('echo: solo en uno')).toBeInTheDocument();
    expect(within(two).queryByText('solo en uno')).toBeNull();
    expect(within(two).getByRole('textbox')).toHaveValue('');

    const sessions = new Set([
      window.localStorage.getItem('one/sessionId'),
      window.localStorage.getItem('two/sessionId'),
    ]);
    expect(sessions.size).toBe(2);
    expect(requests.at(-1)?.body.sessionId).toBe(window.localStorage.getItem('one/sessionId'));
  });

  it('survives StrictMode, and closes its live channel when unmounted', async () => {
    const sockets = installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ executionStarted: true, executionId: '9' }) });
    const user = userEvent.setup();
    const { unmount } = render(
      <StrictMode>
        <Chat mode="fullscreen" loadPreviousSession={false} />
      </StrictMode>,
    );
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    const socket = sockets[0];
    expect(socket?.readyState).toBe(0);
    unmount();
    expect(socket?.readyState).toBe(3);
  });
});
