/**
 * Renders one component of the widget inside its context, with a store made from `input`.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { onTestFinished, vi } from 'vitest';
import { mergeOptions, type ChatOptionsInput } from '../core/options';
import { createChatStore } from '../core/store';
import { ChatWidget } from '../react/ChatWidget';
import { ChatContext, type MessageComponents } from '../react/context';
import { MessageWithButtons } from '../react/MessageWithButtons';
import { jsonResponse, stubWebhook, type WebhookRequest } from './webhook';

export function renderInChat(
  ui: ReactNode,
  input: ChatOptionsInput = {},
  components: MessageComponents = {},
) {
  const store = createChatStore(
    mergeOptions({ webhookUrl: '/api/n8n/chat', initialMessages: [], ...input }),
  );
  const value = { store, components: { 'with-buttons': MessageWithButtons, ...components } };
  const result = render(<ChatContext.Provider value={value}>{ui}</ChatContext.Provider>);
  return { store, ...result };
}

/**
 * The whole widget (fullscreen, no greeting, no history) over a webhook that answers each
 * message with `answers[input]`: a response (or a promise of one) as it is, anything else as a
 * JSON body; a plain "Vale." for any other input. Gives the store, the texts sent, the bubbles
 * shown and a user-event session.
 */
export function renderWidget(answers: Record<string, unknown>, input: ChatOptionsInput = {}) {
  const { requests } = stubWebhook({
    reply: ({ body }: WebhookRequest) => {
      const answer = answers[String(body.chatInput)] ?? { output: 'Vale.' };
      return answer instanceof Response || answer instanceof Promise
        ? (answer as Response | Promise<Response>)
        : jsonResponse(answer);
    },
  });
  const store = createChatStore(
    mergeOptions({
      webhookUrl: '/api/n8n/chat',
      mode: 'fullscreen',
      loadPreviousSession: false,
      initialMessages: [],
      ...input,
    }),
  );
  render(<ChatWidget store={store} />);
  const sent = () =>
    requests
      .filter((request) => request.body.action === 'sendMessage')
      .map((request) => request.body.chatInput);
  const bubbles = () =>
    [...document.querySelectorAll('.chat-message:not(.chat-message-typing)')].map(
      (bubble) => bubble.textContent,
    );
  return { store, sent, bubbles, user: userEvent.setup() };
}

/** Stubs `URL.createObjectURL` / `revokeObjectURL` (jsdom has neither) for one test. */
export function stubObjectUrls() {
  const create = vi.fn<(object: Blob | MediaSource) => string>(() => 'blob:preview');
  const revoke = vi.fn<(url: string) => void>();
  // jsdom has neither: the originals are usually `undefined`, and are put back as they were.
  const original = {
    createObjectURL: Reflect.get(URL, 'createObjectURL') as unknown,
    revokeObjectURL: Reflect.get(URL, 'revokeObjectURL') as unknown,
  };
  URL.createObjectURL = create;
  URL.revokeObjectURL = revoke;
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  return { create, revoke };
}
