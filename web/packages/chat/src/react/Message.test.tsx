import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../core/messages';
import type { ChatOptionsInput } from '../core/options';
import { renderInChat, stubObjectUrls } from '../test/render';
import { stubWebhook } from '../test/webhook';
import type { MessageComponents } from './context';
import { Message } from './Message';

function renderMessage(
  message: ChatMessage,
  input: ChatOptionsInput = {},
  components: MessageComponents = {},
) {
  return renderInChat(<Message message={message} />, input, components);
}

describe('Message', () => {
  it('renders raw HTML in a bot reply as text, never as HTML', () => {
    const text = 'Mira: <img src=x onerror=alert(1)> <script>alert(2)</script>';
    const { container } = renderMessage({ id: '1', type: 'text', sender: 'bot', text });
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    const handlers = [...container.querySelectorAll('*')].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
  });

  it('renders a bot reply as markdown and a user message as plain text', () => {
    const text = '**Cita** el [lunes](https://example.com)';
    const { container } = renderMessage({ id: 'b', type: 'text', sender: 'bot', text });
    renderMessage({ id: 'u', type: 'text', sender: 'user', text });
    expect(container.querySelector('.chat-message-from-bot strong')).toHaveTextContent('Cita');
    expect(screen.getByRole('link', { name: 'lunes' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(text)).toHaveClass('chat-message-text');
  });

  it('keeps line breaks in the text and marks the sender, also for screen readers', () => {
    const { container } = renderMessage({
      id: '1',
      type: 'text',
      sender: 'user',
      text: 'uno\ndos',
    });
    expect(container.querySelector('.chat-message-from-user')?.textContent).toBe('uno\ndos');
    // Said before the bubble, not in it.
    expect(container.textContent).toBe('You: uno\ndos');
    expect(
      container.querySelector('.chat-message + .chat-sr-only, .chat-message .chat-sr-only'),
    ).toBeNull();
  });

  it('says the assistant speaks, unless a member of the team signed the message', () => {
    const { container } = renderMessage({ id: '1', type: 'text', sender: 'bot', text: 'Hola' });
    expect(container.textContent).toBe('Assistant: Hola');
    cleanup();
    const signed = renderMessage({
      id: '2',
      type: 'text',
      sender: 'bot',
      text: '**Javier:** Te miro la agenda',
    });
    expect(signed.container.querySelector('.chat-sr-only')).toBeNull();
    expect(signed.container.textContent).toBe('Javier: Te miro la agenda');
  });

  it("draws a joined or left line with the person's initial, not as a bubble", () => {
    const { container } = renderMessage({
      id: '1',
      type: 'event',
      sender: 'bot',
      text: 'Javier has joined the conversation',
      person: { name: 'javier' },
    });
    expect(container.querySelector('.chat-message')).toBeNull();
    expect(container.querySelector('.chat-event')?.textContent).toBe(
      'JJavier has joined the conversation',
    );
    expect(container.querySelector('.chat-person-avatar')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a placeholder for an empty bot reply', () => {
    renderMessage({ id: '1', type: 'text', sender: 'bot', text: '' });
    expect(screen.getByText('<Empty response>')).toBeInTheDocument();
  });

  it('draws a transparent message without its bubble', () => {
    const { container } = renderMessage({
      id: '1',
      type: 'text',
      sender: 'bot',
      text: 'x',
      transparent: true,
    });
    expect(container.querySelector('.chat-message')).toHaveClass('chat-message-transparent');
  });

  it('shows an error with the server detail and a retry button', async () => {
    const { store } = renderMessage({
      id: 'e1',
      type: 'error',
      sender: 'bot',
      text: 'Error: Failed to receive response',
      detail: 'Try later.',
      retryOf: 'u1',
    });
    const retry = vi.spyOn(store, 'retry');
    expect(screen.getByText('Error: Failed to receive response')).toBeInTheDocument();
    expect(screen.getByText('Try later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledWith('e1');
  });

  it('renders a component message from messageComponents by key, with its arguments as props', () => {
    function Rating({ stars, label }: { stars: number; label: string }) {
      return (
        <p role="img" aria-label={label}>
          {'★'.repeat(stars)}
        </p>
      );
    }
    renderMessage(
      {
        id: 'c',
        type: 'component',
        sender: 'bot',
        key: 'rating',
        arguments: { stars: 3, label: 'Tres estrellas' },
      },
      {},
      { rating: Rating },
    );
    expect(screen.getByRole('img', { name: 'Tres estrellas' })).toHaveTextContent('★★★');
  });

  it('falls back to the text argument for a component nobody registered', () => {
    renderMessage({
      id: 'c',
      type: 'component',
      sender: 'bot',
      key: 'nope',
      arguments: { text: 'Plan B' },
    });
    expect(screen.getByText('Plan B')).toBeInTheDocument();
  });

  it('shows the files of a user message as chips that open a preview in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { create } = stubObjectUrls();
    const file = new File(['x'], 'factura.pdf', { type: 'application/pdf' });
    renderMessage({ id: 'u', type: 'text', sender: 'user', text: 'adjunto', files: [file] });
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open factura.pdf' }));
    expect(create).toHaveBeenCalledWith(file);
    expect(open).toHaveBeenCalledWith('blob:preview', '_blank', 'noopener');
  });
});

describe('n8n MessageActions.spec', () => {
  const message: ChatMessage = { id: 'u', type: 'text', sender: 'user', text: 'Hello, world!' };

  it('renders for user message', () => {
    renderMessage(message, { enableMessageActions: true });
    expect(screen.getByRole('button', { name: 'Repost message' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reuse message' })).toBeInTheDocument();
  });

  it('not shown without enableMessageActions, nor on bot messages', () => {
    renderMessage(message);
    renderMessage({ ...message, id: 'b', sender: 'bot' }, { enableMessageActions: true });
    expect(screen.queryByRole('button', { name: 'Repost message' })).toBeNull();
  });

  it('repost calls sendMessage("Hello, world!", [])', async () => {
    const { requests } = stubWebhook();
    const { store } = renderMessage(message, {
      enableMessageActions: true,
      loadPreviousSession: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Repost message' }));
    await vi.waitFor(() => {
      expect(requests[0]?.body.chatInput).toBe('Hello, world!');
    });
    expect(store.getState().messages[0]).toMatchObject({ text: 'Hello, world!' });
  });

  it('reuse emits setInputValue("Hello, world!")', async () => {
    const { store } = renderMessage(message, { enableMessageActions: true });
    const values: string[] = [];
    store.events.on('setInputValue', (value) => values.push(value));
    await userEvent.click(screen.getByRole('button', { name: 'Reuse message' }));
    expect(values).toEqual(['Hello, world!']);
  });

  it('repost with files', async () => {
    const { requests } = stubWebhook();
    const file = new File(['x'], 'a.txt', { type: 'text/plain' });
    renderMessage(
      { ...message, text: 'Message with files', files: [file] },
      { enableMessageActions: true, loadPreviousSession: false },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Repost message' }));
    await vi.waitFor(() => {
      expect(requests[0]?.body.files).toEqual([file]);
    });
  });

  it('no repost or reuse of whitespace-only messages', () => {
    renderMessage({ ...message, text: '   ' }, { enableMessageActions: true });
    expect(screen.queryByRole('button', { name: 'Repost message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reuse message' })).toBeNull();
  });

  it('a click on repost is ignored while a reply is pending', () => {
    renderInChat(<Message message={message} busy />, { enableMessageActions: true });
    expect(screen.getByRole('button', { name: 'Repost message' })).toBeDisabled();
  });
});
