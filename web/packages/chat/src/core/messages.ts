/**
 * The message model shown in the chat: what the store keeps and the components render.
 */
import type { ChatPerson } from './presence';

/** Who wrote a message. */
export type ChatSender = 'user' | 'bot';

/** A text message from the user or the bot. */
export interface ChatTextMessage {
  id: string;
  type: 'text';
  sender: ChatSender;
  /** The text as written (bot text is markdown). */
  text: string;
  /** Files the user attached. */
  files?: readonly File[];
  /** Drawn without the bubble's background and border. */
  transparent?: boolean;
  /** A streamed message whose run has not ended yet. */
  streaming?: boolean;
  /**
   * Quick replies offered under a bot reply (docs/PROTOCOL.md §10); shown only while it is the
   * latest message. Never on history, live-channel or user messages.
   */
  suggestions?: readonly ChatChoice[];
  /** A summary card shown instead of the text (which says the same for other readers). */
  card?: ChatCard;
}

/** A quick reply or a card's action: `label` is shown, `value` is sent as if typed. */
export interface ChatChoice {
  label: string;
  value: string;
}

/** One line of a summary card: a muted `label` and its `value`. */
export interface ChatCardRow {
  label: string;
  value: string;
}

/** A summary card (a booking's details, say), with the actions it offers. */
export interface ChatCard {
  title: string;
  /** Markdown shown above the title. */
  lead?: string;
  rows: readonly ChatCardRow[];
  /** The first is the main action. */
  actions: readonly ChatChoice[];
}

/**
 * A message rendered by a component from the `messageComponents` option, found by `key` and
 * given `arguments` as its props (`with-buttons` is built in).
 */
export interface ChatComponentMessage {
  id: string;
  type: 'component';
  sender: ChatSender;
  key: string;
  arguments: Record<string, unknown>;
  transparent?: boolean;
}

/** Shown in the conversation when a user message could not be sent; it offers a retry. */
export interface ChatErrorMessage {
  id: string;
  type: 'error';
  sender: 'bot';
  /** What went wrong, in the widget's language. */
  text: string;
  /** Why: the server's own explanation, or what the widget knows about the failure. */
  detail?: string;
  /** Id of the user message to send again. */
  retryOf: string;
}

/**
 * A line about the conversation itself, nobody's message: a member of the team joined it or
 * left it (docs/PROTOCOL.md §4.8). Shown, never sent.
 */
export interface ChatEventMessage {
  id: string;
  type: 'event';
  sender: 'bot';
  text: string;
  /** Whom it is about. */
  person?: ChatPerson;
}

export type ChatMessage =
  ChatTextMessage | ChatComponentMessage | ChatErrorMessage | ChatEventMessage;
