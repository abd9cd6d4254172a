/**
 * Bot payloads (docs/PROTOCOL.md §4.7): the text of a live-channel frame or of a completed streamed
 * run may be a JSON object that asks for a component (`with-buttons`) or wraps a text.
 */
import { isRecord } from './json';
import type { ChatComponentMessage, ChatMessage, ChatTextMessage } from './messages';

/**
 * The message a bot payload stands for. `{type: 'with-buttons', text, buttons, blockUserInput}`
 * becomes a `with-buttons` component message. With `unwrap` (live-channel frames),
 * `{type: 'message', text}` gives its text and `{type: 'error', message}` its message. Anything
 * else is the raw text.
 */
export function botPayload(
  id: string,
  text: string,
  unwrap: boolean,
): ChatTextMessage | ChatComponentMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Plain text.
  }
  if (isRecord(value)) {
    if (value.type === 'with-buttons') {
      const { text: body, buttons, blockUserInput } = value;
      return {
        id,
        type: 'component',
        sender: 'bot',
        key: 'with-buttons',
        arguments: { text: body, buttons, blockUserInput },
      };
    }
    if (unwrap && value.type === 'message' && typeof value.text === 'string') text = value.text;
    if (unwrap && value.type === 'error' && typeof value.message === 'string') text = value.message;
  }
  return { id, type: 'text', sender: 'bot', text };
}

/** Whether a message blocks the user's input: a `with-buttons` message that asks for it. */
export function blocksInput(message: ChatMessage): boolean {
  return (
    message.type === 'component' &&
    message.key === 'with-buttons' &&
    message.arguments.blockUserInput === true
  );
}

/**
 * n8n's rule for approval-button links: shown only when the link, resolved against the page,
 * has the webhook's origin.
 */
export function isWebhookOrigin(link: string, webhookUrl: string): boolean {
  try {
    const page = document.baseURI;
    return new URL(link, page).origin === new URL(webhookUrl, page).origin;
  } catch {
    return false;
  }
}
