/**
 * What every component of a widget instance shares: its store and its message components. Each
 * `ChatWidget` provides its own value, so two widgets on a page never see each other's.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { ChatStore } from '../core/store';

/**
 * A component that renders `type: 'component'` messages of one `key`; it receives the message's
 * `arguments` as props.
 */
export type MessageComponent = ComponentType<never>;

/** The `messageComponents` option: components by message `key`. */
export type MessageComponents = Record<string, MessageComponent>;

/** The shared value. */
export interface ChatContextValue {
  store: ChatStore;
  /** The built-in components (`with-buttons`) merged with the `messageComponents` option. */
  components: MessageComponents;
}

export const ChatContext = createContext<ChatContextValue | null>(null);

/** The widget instance a component belongs to (for use inside message components). */
export function useChatContext(): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw new Error('Chat components must be rendered inside a chat widget.');
  return value;
}
