/**
 * @citabot/chat: an embeddable chat widget that speaks the n8n chat webhook protocol and accepts
 * `@n8n/chat`'s options. This is the public API of the npm package; its CSS is a separate file,
 * `@citabot/chat/style.css`.
 */
import { mountChat, type ChatHandle } from './mount';
import type { CreateChatOptions } from './react/Chat';

/**
 * Mounts a chat widget into `options.target` (a selector or an element, default `#n8n-chat`,
 * created at the end of `<body>` when missing) and returns its handle. Every widget has its own
 * state and events; give widgets on one page different `storageNamespace`s to keep their
 * sessions apart.
 *
 * @example
 * const chat = createChat({ webhookUrl: 'https://example.com/api/n8n/chat', showWelcomeScreen: true });
 * chat.on('messageReceived', (message) => console.log(message));
 */
export function createChat(options: CreateChatOptions = {}): ChatHandle {
  return mountChat(options);
}

export type { ChatHandle } from './mount';
export { Chat, type ChatProps, type CreateChatOptions } from './react/Chat';
export { ChatWidget, type ChatWidgetProps } from './react/ChatWidget';
export {
  useChatContext,
  type ChatContextValue,
  type MessageComponent,
  type MessageComponents,
} from './react/context';
export { Markdown, type MarkdownProps } from './react/Markdown';
export { MessageWithButtons, type MessageWithButtonsProps } from './react/MessageWithButtons';
export { useChatState } from './react/useChatState';
export {
  createChatStore,
  type ChatEventMap,
  type ChatNotice,
  type ChatState,
  type ChatStore,
  type InputRequest,
} from './core/store';
export type { ChatListener, Emitter } from './core/events';
export { ChatApiError, type ChatErrorKind } from './core/api';
export {
  defaultOptions,
  defaultStrings,
  mergeOptions,
  type ChatI18n,
  type ChatMessageInput,
  type ChatMetadata,
  type ChatMetadataSource,
  type ChatOptions,
  type ChatOptionsInput,
  type ChatStringKey,
  type ChatStrings,
  type WebhookConfig,
} from './core/options';
export type {
  ChatComponentMessage,
  ChatErrorMessage,
  ChatMessage,
  ChatSender,
  ChatTextMessage,
} from './core/messages';
