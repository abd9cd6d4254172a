import { memo, type ComponentType } from 'react';
import type { ChatMessage } from '../core/messages';
import type { Choose } from './Choices';
import { useChatContext } from './context';
import { FileChip } from './FileChip';
import { Icon } from './Icon';
import { Markdown } from './Markdown';
import { PersonAvatar } from './PersonAvatar';
import { SummaryCard } from './SummaryCard';

/**
 * A message a member of the team wrote, which the server signs with their name in bold
 * (`**Javier:** …`, docs/PROTOCOL.md §4.8): the text itself says who speaks.
 */
const SIGNED = /^\*\*[^*\n]{1,80}:\*\*\s/;

export interface MessageProps {
  message: ChatMessage;
  /** A reply is pending: retry and repost are disabled. */
  busy?: boolean;
  /** Given to the latest bot message only: its card's actions send through it. */
  choose?: Choose;
}

/**
 * One chat bubble: a text message (with the files the user attached, a placeholder for an empty
 * bot reply, and a bot reply's summary card in place of its text), a component message rendered
 * by the component registered for its `key`, or an error with the server's explanation and a
 * retry button. With `enableMessageActions`, the user's messages offer repost and reuse. Bot
 * text is markdown, rendered as elements (raw HTML shows as text); user text is always plain
 * text. Memoised: while a reply streams, only its own bubble renders again (messages are
 * replaced, never mutated).
 */
export const Message = memo(function Message({ message, busy = false, choose }: MessageProps) {
  const { store, components } = useChatContext();
  const { t } = store;
  let className = `chat-message chat-message-from-${message.sender}`;
  if (message.type === 'error') {
    return (
      <div className={`${className} chat-message-error`}>
        <p className="chat-message-text">{message.text}</p>
        {message.detail !== undefined && <p className="chat-message-detail">{message.detail}</p>}
        <button
          type="button"
          className="chat-button chat-button-primary chat-retry-button"
          disabled={busy}
          onClick={() => void store.retry(message.id)}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  if (message.type === 'event') {
    return (
      <div className="chat-event">
        {message.person && <PersonAvatar person={message.person} size="small" />}
        <p>{message.text}</p>
      </div>
    );
  }
  if (message.transparent) className += ' chat-message-transparent';
  if (message.type === 'component') {
    const Component = components[message.key] as ComponentType<Record<string, unknown>> | undefined;
    if (Component) {
      return (
        <div className={className}>
          <Component {...message.arguments} />
        </div>
      );
    }
  }
  // A component nobody registered falls back to its text argument.
  const text =
    message.type === 'text'
      ? message.text
      : typeof message.arguments.text === 'string'
        ? message.arguments.text
        : '';
  const streaming = message.type === 'text' && message.streaming === true;
  const files = message.type === 'text' ? message.files : undefined;
  // Said before the bubble, beside it rather than in it: the bubble's text stays what it shows.
  const speaker =
    message.sender === 'user' ? t('speakerUser') : SIGNED.test(text) ? null : t('speakerBot');
  const canAct =
    store.options.enableMessageActions && message.sender === 'user' && text.trim() !== '';
  return (
    <>
      {speaker !== null && <span className="chat-sr-only">{speaker} </span>}
      <div className={className} aria-busy={streaming || undefined}>
        {canAct && (
          <div className="chat-message-actions">
            <button
              type="button"
              aria-label={t('repostButton')}
              title={t('repostButton')}
              disabled={busy}
              onClick={() => void store.sendMessage(text, files)}
            >
              <Icon name="repost" size={18} />
            </button>
            <button
              type="button"
              aria-label={t('reuseButton')}
              title={t('reuseButton')}
              onClick={() => {
                store.events.emit('setInputValue', text);
              }}
            >
              <Icon name="reuse" size={18} />
            </button>
          </div>
        )}
        {message.type === 'text' && message.card ? (
          <SummaryCard card={message.card} choose={choose} />
        ) : text === '' && message.sender === 'bot' && !streaming ? (
          <p className="chat-message-text">{t('emptyResponse')}</p>
        ) : message.sender === 'bot' ? (
          <Markdown source={text} />
        ) : (
          <p className="chat-message-text">{text}</p>
        )}
        {files && files.length > 0 && (
          <div className="chat-message-files">
            {files.map((file, index) => (
              <FileChip key={`${file.name}-${String(index)}`} file={file} />
            ))}
          </div>
        )}
      </div>
    </>
  );
});
