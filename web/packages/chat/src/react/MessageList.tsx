import { useState } from 'react';
import type { ChatMessage } from '../core/messages';
import { Choices, type Choose } from './Choices';
import { useChatContext } from './context';
import { Message } from './Message';
import { TypingIndicator } from './TypingIndicator';
import { useChatState } from './useChatState';

/** The configured initial messages as bot messages (never sent, never stored). */
export function initialBubbles(texts: readonly string[]): ChatMessage[] {
  return texts.map((text, index) => ({
    id: `initial-${String(index)}`,
    type: 'text',
    sender: 'bot',
    text,
  }));
}

/**
 * The conversation: the configured initial messages as bot bubbles, the messages, and the typing
 * indicator while waiting, in a polite live region (`role="log"`); plus a notice when the previous
 * conversation could not be loaded, and an empty-state text when there is nothing to show.
 *
 * Only the latest message, when it is a bot reply and nothing is pending, offers its choices: its
 * quick replies (a group of chips under it) and its card's actions. Using one sends its value as
 * the visitor's message and takes them away at once, so a double tap sends once.
 *
 * The log is remounted when the session changes, so a loaded history arrives inside a new
 * region and is not read out; only what is added afterwards is announced. A streaming message is
 * `aria-busy` until its run ends, so it is announced once, whole.
 */
export function MessageList() {
  const { store } = useChatContext();
  const messages = useChatState(store, (state) => state.messages);
  const waiting = useChatState(store, (state) => state.waitingForResponse);
  const historyError = useChatState(store, (state) => state.historyError);
  const sessionId = useChatState(store, (state) => state.currentSessionId);
  const [picked, setPicked] = useState<string | null>(null);
  const { t, options, events } = store;
  const initial = initialBubbles(options.initialMessages);
  const last = messages.at(-1);
  const latest =
    !waiting && !options.disabled && last?.type === 'text' && last.sender === 'bot'
      ? last
      : undefined;
  const choose: Choose | undefined =
    latest && picked !== latest.id
      ? (value, event) => {
          setPicked(latest.id);
          // The chips go with the focus: a keyboard's goes on in the input; a tap's stays in the
          // conversation (Escape still closes), without opening an on-screen keyboard.
          if (event.detail === 0) events.emit('focusInput');
          else
            event.currentTarget.closest<HTMLElement>('.chat-body')?.focus({ preventScroll: true });
          void store.sendMessage(value);
        }
      : undefined;

  return (
    <>
      {historyError && (
        <div className="chat-notice" role="alert">
          <p>{historyError.text}</p>
          {historyError.detail !== undefined && <p>{historyError.detail}</p>}
        </div>
      )}
      {initial.length === 0 && messages.length === 0 && !waiting && (
        <p className="chat-empty">{t('emptyState')}</p>
      )}
      <div key={sessionId ?? ''} className="chat-messages-list" role="log">
        {[...initial, ...messages].map((message) => (
          <Message
            key={message.id}
            message={message}
            busy={waiting}
            choose={message === latest ? choose : undefined}
          />
        ))}
        {choose && latest?.suggestions && (
          <Choices
            className="chat-quick-replies"
            label={t('quickReplies')}
            choices={latest.suggestions}
            choose={choose}
          />
        )}
        {waiting && <TypingIndicator />}
      </div>
    </>
  );
}
