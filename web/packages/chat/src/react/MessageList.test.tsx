import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInChat } from '../test/render';
import { deferred, historyItem, jsonResponse, stubWebhook } from '../test/webhook';
import { MessageList } from './MessageList';

describe('MessageList', () => {
  it('shows the initial messages as bot bubbles before the conversation, in a polite log', async () => {
    const reply = deferred<Response>();
    stubWebhook({ reply: () => reply.promise });
    const { store } = renderInChat(<MessageList />, {
      initialMessages: ['¡Hola! 👋', '¿En qué puedo ayudarte hoy?'],
      loadPreviousSession: false,
    });
    void store.sendMessage('quiero una cita');

    await waitFor(() => {
      expect(document.querySelector('.chat-message-typing')).toBeInTheDocument();
    });
    const log = screen.getByRole('log');
    const bubbles = Array.from(log.querySelectorAll('.chat-message'));
    expect(bubbles.map((bubble) => [bubble.className, bubble.textContent])).toEqual([
      ['chat-message chat-message-from-bot', '¡Hola! 👋'],
      ['chat-message chat-message-from-bot', '¿En qué puedo ayudarte hoy?'],
      ['chat-message chat-message-from-user', 'quiero una cita'],
      ['chat-message chat-message-from-bot chat-message-typing', ''],
    ]);
    // The dots are drawn, not read: the status says it if the reply is slow.
    expect(log.querySelector('.chat-typing-row')).toHaveAttribute('aria-hidden', 'true');
    reply.resolve(jsonResponse({ output: 'ok' }));
  });

  it('shows the empty state when there are no initial messages and no conversation', () => {
    renderInChat(<MessageList />);
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByRole('log')).toBeEmptyDOMElement();
  });

  it('puts a loaded history in a new log, so that it is not read out as news', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'known');
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [historyItem('HumanMessage', 'hola'), historyItem('AIMessage', 'hey')],
        }),
    });
    const { store } = renderInChat(<MessageList />, { showWelcomeScreen: true });
    const before = screen.getByRole('log');
    await act(() => store.start());
    const after = screen.getByRole('log');
    expect(after).not.toBe(before);
    expect(after).toHaveTextContent('You: holaAssistant: hey');

    // Messages added later land in the same region, which announces them.
    await act(() => store.sendMessage('otra'));
    expect(screen.getByRole('log')).toBe(after);
  });

  it('marks a streaming message busy until its run ends', () => {
    renderInChat(<MessageList />, {
      loadPreviousSession: false,
      messageHistory: [{ id: 's', sender: 'bot', text: 'Hola', streaming: true }],
    });
    expect(screen.getByText('Hola').parentElement).toHaveAttribute('aria-busy', 'true');
  });
});
