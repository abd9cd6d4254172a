import { useState } from 'react';
import { mergeOptions, type ChatOptionsInput } from '../core/options';
import { createChatStore } from '../core/store';
import { ChatWidget } from './ChatWidget';
import type { MessageComponents } from './context';

/** The options of `createChat` and `<Chat>`: every option, plus the message components. */
export type CreateChatOptions = ChatOptionsInput & {
  /**
   * Components for `type: 'component'` messages, by `key`; each gets the message's `arguments`
   * as props. The built-in `with-buttons` stays available unless a component replaces its key.
   */
  messageComponents?: MessageComponents;
};

/** Props of `<Chat>`: the same options as `createChat`, except `target`. */
export type ChatProps = Omit<CreateChatOptions, 'target'>;

/**
 * The chat widget as a React component: `<Chat webhookUrl="..." />`. Each mount gets its own store
 * from the options it first renders with; unmounting cancels its requests and closes its live
 * channel. To apply new options, remount it (give it a new `key`). The CSS comes from
 * `@citabot/chat/style.css`.
 */
export function Chat(props: ChatProps) {
  const [store] = useState(() => createChatStore(mergeOptions(props)));
  const [components] = useState(props.messageComponents);
  return <ChatWidget store={store} messageComponents={components} />;
}
