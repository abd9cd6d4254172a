import { useEffect, useState } from 'react';
import type { ChatPerson } from '../core/presence';
import { PersonAvatar } from './PersonAvatar';

/** A reply that comes sooner than this is not announced as being written. */
export const ANNOUNCE_TYPING_AFTER_MS = 1500;

/**
 * The bouncing dots shown while the assistant's reply is pending, or while a member of the team
 * writes (with their face). The dots are drawn only; `label` is announced through `TypingStatus`.
 */
export function TypingIndicator({ person }: { person?: ChatPerson | null }) {
  return (
    <div className="chat-typing-row" aria-hidden="true">
      {person && <PersonAvatar person={person} size="small" />}
      <div className="chat-message chat-message-from-bot chat-message-typing">
        <span className="chat-message-typing-circle" />
        <span className="chat-message-typing-circle" />
        <span className="chat-message-typing-circle" />
      </div>
    </div>
  );
}

/**
 * A polite status that says `label` (who is writing) once it has been true for
 * `ANNOUNCE_TYPING_AFTER_MS`: a quick reply is read as it comes, not preceded by "writing…".
 * Always in the page, so that the text it gets is announced.
 */
export function TypingStatus({ label }: { label: string | null }) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (label === null) return;
    const timer = setTimeout(() => {
      setSaid(label);
    }, ANNOUNCE_TYPING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSaid(null);
    };
  }, [label]);
  return (
    <div className="chat-sr-only" role="status">
      {said}
    </div>
  );
}
