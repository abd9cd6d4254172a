/**
 * The message model shown in the chat: what the store keeps and the components render.
 */

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

export type ChatMessage = ChatTextMessage | ChatComponentMessage | ChatErrorMessage;
