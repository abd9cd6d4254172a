import { useChatContext } from './context';

/** The bouncing dots shown while a reply is pending, announced as a status. */
export function TypingIndicator() {
  const { t } = useChatContext().store;
  return (
    <div
      className="chat-message chat-message-from-bot chat-message-typing"
      role="status"
      aria-label={t('typing')}
    >
      <span className="chat-sr-only">{t('typing')}</span>
      <span className="chat-message-typing-circle" />
      <span className="chat-message-typing-circle" />
      <span className="chat-message-typing-circle" />
    </div>
  );
}
