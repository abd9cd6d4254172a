import { useEffect, useId, useRef, useState } from 'react';
import { ChatInput } from './ChatInput';
import { useChatContext } from './context';
import { Icon } from './Icon';
import { Message } from './Message';
import { PersonAvatar } from './PersonAvatar';
import { initialBubbles, MessageList } from './MessageList';
import { useChatState } from './useChatState';

export interface ChatWindowProps {
  /** Element id, referenced by the toggle button's `aria-controls`. */
  id?: string;
  /** Hidden while the window is closed; it stays mounted so a draft survives. */
  hidden?: boolean;
  /** The header's title instead of the `title` string. */
  title?: string;
  /** The header avatar's picture instead of the `avatarUrl` option. */
  avatarUrl?: string;
}

/**
 * The bot's face beside the title, decorative: the host's picture when it has one and it loads,
 * else the bot icon. Keyed by its URL, so a new picture is tried afresh.
 */
function Avatar({ url }: { url: string | undefined }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="chat-avatar" aria-hidden="true">
      {url && !failed ? (
        <img
          src={url}
          alt=""
          onError={() => {
            setFailed(true);
          }}
        />
      ) : (
        <Icon name="bot" size={22} />
      )}
    </span>
  );
}

/** Distance from the bottom (px) within which the list keeps following new messages. */
const STICK_DISTANCE = 48;

/**
 * The chat panel: header (the bot's avatar or the host's picture, title, subtitle, optional close
 * button), then the welcome screen (the greeting, the starter chips, the start button) or the
 * conversation, then the input once a session exists, and the footer when it has a text.
 *
 * In window mode it is a non-modal dialog: the page stays usable beside it (a visitor may read
 * the prices while asking), so focus is not trapped; focus moves into it when it opens and
 * Escape closes it. The conversation follows new messages unless the user scrolled up to read.
 */
export function ChatWindow({ id, hidden = false, title, avatarUrl }: ChatWindowProps) {
  const { store } = useChatContext();
  const sessionId = useChatState(store, (state) => state.currentSessionId);
  const phase = useChatState(store, (state) => state.phase);
  const messages = useChatState(store, (state) => state.messages);
  const waiting = useChatState(store, (state) => state.waitingForResponse);
  const person = useChatState(store, (state) => state.person);
  const [startedByUser, setStartedByUser] = useState(false);
  const titleId = useId();
  const greetingId = useId();
  const panel = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const { t, options, events } = store;
  const windowMode = options.mode === 'window';

  /** Scrolls to the newest content now (a single forced layout: for explicit requests). */
  const scrollToBottom = () => {
    stick.current = true;
    const element = body.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    followedTo.current = element.scrollTop;
  };

  // Follow new content while the user is at the bottom: once per animation frame, however many
  // changes the frame brings, so a streamed reply does not force a layout per chunk. The frame
  // callback runs before the browser lays out the frame anyway, so reading the height costs
  // nothing extra there.
  const followedTo = useRef<number | null>(null);
  const frame = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (hidden || !stick.current || frame.current !== undefined) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      if (stick.current) scrollToBottom();
    });
  }, [hidden, messages, waiting]);
  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
      frame.current = undefined;
    },
    [],
  );

  useEffect(() => {
    const followOnResize = () => {
      if (stick.current) scrollToBottom();
    };
    window.addEventListener('resize', followOnResize);
    const off = events.on('scrollToBottom', scrollToBottom);
    return () => {
      window.removeEventListener('resize', followOnResize);
      off();
    };
  }, [events]);

  // Opening the window shows the newest message and moves the focus into the window: to the
  // input or the start button, else to the window itself until one of them appears (a widget
  // opened while its session is still loading).
  const opened = useRef(false);
  useEffect(() => {
    const element = panel.current;
    if (hidden || !windowMode || !element) {
      opened.current = false;
      return;
    }
    const active = (element.getRootNode() as Document | ShadowRoot).activeElement;
    if (opened.current && active !== element) return;
    opened.current = true;
    scrollToBottom();
    const target = element.querySelector<HTMLElement>(
      'textarea:not(:disabled), .chat-get-started .chat-button-primary',
    );
    (target ?? element).focus();
  }, [hidden, windowMode, sessionId, phase]);

  const showWelcome = options.showWelcomeScreen && phase === 'ready' && sessionId === null;

  /** The welcome screen's way out: a new conversation, which a starter chip opens with its text. */
  const start = (starter?: string) => {
    setStartedByUser(true);
    store.startNewSession();
    scrollToBottom();
    if (starter !== undefined) void store.sendMessage(starter);
  };
  // While a member of the team has the conversation, the header says who answers.
  const subtitle = person ? t('personAnswers', { name: person.name }) : t('subtitle');
  const footer = t('footer');

  return (
    <section
      ref={panel}
      id={id}
      className="chat-window chat-wrapper"
      role={windowMode ? 'dialog' : undefined}
      aria-labelledby={titleId}
      // The greeting is said when the window opens, not only seen.
      aria-describedby={options.initialMessages.length > 0 ? greetingId : undefined}
      tabIndex={-1}
      hidden={hidden}
      onKeyDown={(event) => {
        if (windowMode && event.key === 'Escape' && !event.nativeEvent.isComposing) {
          store.close();
        }
      }}
    >
      <div className="chat-header">
        <div className="chat-heading">
          {person ? (
            <PersonAvatar person={person} />
          ) : (
            <Avatar key={avatarUrl ?? options.avatarUrl} url={avatarUrl ?? options.avatarUrl} />
          )}
          <div className="chat-heading-text">
            <h2 id={titleId}>{title ?? t('title')}</h2>
            {subtitle !== '' && <p className="chat-subtitle">{subtitle}</p>}
          </div>
          {windowMode && options.showWindowCloseButton && (
            <button
              type="button"
              className="chat-close-button"
              aria-label={t('closeButtonTooltip')}
              title={t('closeButtonTooltip')}
              onClick={store.close}
            >
              <Icon name="close" size={18} />
            </button>
          )}
        </div>
      </div>
      <div
        className="chat-body"
        ref={body}
        // Focusable, so that a keyboard can scroll a long conversation of text only; named, as
        // every Tab stop is.
        tabIndex={0}
        role="region"
        aria-label={t('conversation')}
        onScroll={(event) => {
          const { scrollHeight, scrollTop, clientHeight } = event.currentTarget;
          // The widget's own scroll keeps following even when more content came since; only
          // the user's scrolling away from the bottom stops it.
          stick.current =
            scrollTop === followedTo.current ||
            scrollHeight - scrollTop - clientHeight < STICK_DISTANCE;
        }}
      >
        {showWelcome ? (
          <div className="chat-get-started">
            {options.initialMessages.length > 0 && (
              <div id={greetingId} className="chat-messages-list chat-greeting">
                {initialBubbles(options.initialMessages).map((message) => (
                  <Message key={message.id} message={message} />
                ))}
              </div>
            )}
            {options.starters.length > 0 && (
              <ul className="chat-starters" aria-label={t('starters')}>
                {options.starters.map((text) => (
                  <li key={text}>
                    <button
                      type="button"
                      className="chat-starter"
                      onClick={() => {
                        start(text);
                      }}
                    >
                      {text}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="chat-button chat-button-primary"
              onClick={() => {
                start();
              }}
            >
              {t('getStarted')}
            </button>
          </div>
        ) : (
          <MessageList greetingId={greetingId} />
        )}
      </div>
      {(sessionId !== null || footer !== '') && (
        <div className="chat-footer">
          {sessionId !== null && <ChatInput autoFocus={startedByUser} />}
          {footer !== '' && (
            <div className="chat-get-started-footer">
              <p>{footer}</p>
              <p className="chat-powered-by">
                {t('poweredBy')}{' '}
                <a
                  href="https://n8n.io?utm_source=n8n-external&utm_medium=widget-powered-by"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  n8n
                </a>
              </p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
