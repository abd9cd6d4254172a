import { useState } from 'react';
import type { ChatChoice, ChatMessage } from '../core/messages';
import { Choices, type Choose } from './Choices';
import { useChatContext } from './context';
import { Message } from './Message';
import { TypingIndicator, TypingStatus } from './TypingIndicator';
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
 * The conversation: the configured initial messages as bot bubbles (`greetingId` names them, so
 * the window can give them as its description), the messages, and the typing indicator while
 * the assistant's reply is pending or a member of the team writes, in a polite live region
 * (`role="log"`) where each message says who speaks; plus a notice when the previous conversation
 * could not be loaded, and an empty-state text when there is nothing to show.
 *
 * Only the latest message, when it is a bot reply and nothing is pending, offers its choices: its
 * quick replies (a group of chips under it, outside the log, so they are not read out after the
 * reply that names them) and its card's actions. A conversation with nothing in it yet offers
 * the starters the same way. Using one sends its value as the visitor's message and takes them
 * away at once, so a double tap sends once.
 *
 * The log is remounted when the session changes, so a loaded history arrives inside a new
 * region and is not read out; only what is added afterwards is announced. A streaming message is
 * `aria-busy` until its run ends, so it is announced once, whole.
 */
export function MessageList({ greetingId }: { greetingId?: string }) {
  const { store } = useChatContext();
  const messages = useChatState(store, (state) => state.messages);
  const waiting = useChatState(store, (state) => state.waitingForResponse);
  const historyError = useChatState(store, (state) => state.historyError);
  const sessionId = useChatState(store, (state) => state.currentSessionId);
  const person = useChatState(store, (state) => state.person);
  const personTyping = useChatState(store, (state) => state.personTyping);
  const [picked, setPicked] = useState<string | null>(null);
  const { t, options, events } = store;
  const initial = initialBubbles(options.initialMessages);
  const last = messages.at(-1);
  const latest =
    !waiting && !options.disabled && last?.type === 'text' && last.sender === 'bot'
      ? last
      : undefined;
  // In a conversation begun with nothing said yet, the starters stand for quick replies.
  const offer =
    sessionId !== null &&
    messages.length === 0 &&
    !waiting &&
    !options.disabled &&
    options.starters.length > 0
      ? { id: 'starters', label: t('starters'), choices: options.starters.map(starterChoice) }
      : latest?.suggestions && {
          id: latest.id,
          label: t('quickReplies'),
          choices: latest.suggestions,
        };
  const chooser = (id: string): Choose | undefined =>
    picked !== id
      ? (value, event) => {
          setPicked(id);
          // The chips go with the focus: a keyboard's goes on in the input; a tap's stays in the
          // conversation (Escape still closes), without opening an on-screen keyboard.
          if (event.detail === 0) events.emit('focusInput');
          else
            event.currentTarget.closest<HTMLElement>('.chat-body')?.focus({ preventScroll: true });
          void store.sendMessage(value);
        }
      : undefined;
  const choose = latest && chooser(latest.id);
  const chooseOffer = offer && chooser(offer.id);
  // A person's conversation waits for nobody: the assistant's dots never show in it.
  const assistantTyping = waiting && person === null;
  const typingLabel =
    personTyping && person
      ? t('personTyping', { name: person.name })
      : assistantTyping
        ? t('typing')
        : null;

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
        {initial.length > 0 && (
          <div id={greetingId} className="chat-greeting-bubbles">
            {initial.map((message) => (
              <Message key={message.id} message={message} />
            ))}
          </div>
        )}
        {messages.map((message) => (
          <Message
            key={message.id}
            message={message}
            busy={waiting}
            choose={message === latest ? choose : undefined}
          />
        ))}
        {(assistantTyping || (personTyping && person)) && (
          <TypingIndicator person={personTyping ? person : null} />
        )}
      </div>
      {offer && chooseOffer && (
        <Choices
          className="chat-quick-replies"
          label={offer.label}
          choices={offer.choices}
          choose={chooseOffer}
        />
      )}
      <TypingStatus label={typingLabel} />
    </>
  );
}

/** A starter as a quick reply: it sends its own text. */
function starterChoice(text: string): ChatChoice {
  return { label: text, value: text };
}
