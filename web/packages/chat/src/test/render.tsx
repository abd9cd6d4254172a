/**
 * Renders one component of the widget inside its context, with a store made from `input`.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { onTestFinished, vi } from 'vitest';
import { mergeOptions, type ChatOptionsInput } from '../core/options';
import { createChatStore } from '../core/store';
import { ChatContext, type MessageComponents } from '../react/context';
import { MessageWithButtons } from '../react/MessageWithButtons';

export function renderInChat(
  ui: ReactNode,
  input: ChatOptionsInput = {},
  components: MessageComponents = {},
) {
  const store = createChatStore(
    mergeOptions({ webhookUrl: '/api/n8n/chat', initialMessages: [], ...input }),
  );
  const value = { store, components: { 'with-buttons': MessageWithButtons, ...components } };
  const result = render(<ChatContext value={value}>{ui}</ChatContext>);
  return { store, ...result };
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
