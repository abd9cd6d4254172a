/**
 * `createChat`'s implementation, shared by the npm entry and the script-tag entry: resolves the
 * mount target, creates the instance's store, renders the widget and returns the handle.
 */
import { createRoot } from 'react-dom/client';
import type { ChatListener } from './core/events';
import { mergeOptions } from './core/options';
import { createChatStore, type ChatEventMap } from './core/store';
import type { CreateChatOptions } from './react/Chat';
import { ChatWidget } from './react/ChatWidget';
import { resolveTarget } from './mountTarget';

/** Controls one mounted widget. Every widget has its own handle, state and events. */
export interface ChatHandle {
  /** Opens the chat window (window mode). */
  open(): void;
  /** Closes the chat window (window mode). */
  close(): void;
  /** Opens the window when closed, closes it when open. */
  toggle(): void;
  /**
   * Sends `text` (and `files`) as the user, exactly as if it had been typed; resolves once the
   * reply (or the error) is shown.
   */
  sendMessage(text: string, files?: readonly File[]): Promise<void>;
  /** Starts a new, empty conversation with a fresh session id and returns that id. */
  startNewSession(): string;
  /**
   * Listens to one of the widget's events (`open`, `close`, `messageSent`, `messageReceived`,
   * `error`, `sessionStarted`, `arrowKeyDown`, `escapeKeyDown`, ...). Returns the function that
   * stops listening.
   */
  on<K extends keyof ChatEventMap>(event: K, listener: ChatListener<ChatEventMap[K]>): () => void;
  /** Moves the focus to the message input. */
  focusInput(): void;
  /** Takes the focus away from the message input. */
  blurInput(): void;
  /** Puts `value` in the message input and focuses it. */
  setInputValue(value: string): void;
  /** Scrolls the conversation to its newest message. */
  scrollToBottom(): void;
  /** Removes the widget, cancels its pending requests, and removes what it added to the page. */
  unmount(): void;
}

/**
 * Mounts a widget. `css`, when given, is put in a `<style>` inside the mount target (for builds
 * that carry their CSS; npm users load `@citabot/chat/style.css` instead).
 */
export function mountChat(input: CreateChatOptions, css?: string): ChatHandle {
  const options = mergeOptions(input);
  const { element, created } = resolveTarget(options.target);
  const store = createChatStore(options);
  const { events } = store;

  const added: Element[] = [];
  if (css !== undefined) {
    const style = document.createElement('style');
    style.textContent = css;
    added.push(element.appendChild(style));
  }
  const container = document.createElement('div');
  container.className = 'citabot-chat-root';
  added.push(element.appendChild(container));

  const root = createRoot(container);
  root.render(<ChatWidget store={store} messageComponents={input.messageComponents} />);

  return {
    open: store.open,
    close: store.close,
    toggle: store.toggle,
    sendMessage: (text, files) => store.sendMessage(text, files),
    startNewSession: () => store.startNewSession(),
    on: (event, listener) => events.on(event, listener),
    focusInput: () => {
      events.emit('focusInput');
    },
    blurInput: () => {
      events.emit('blurInput');
    },
    setInputValue: (value) => {
      events.emit('setInputValue', value);
    },
    scrollToBottom: () => {
      events.emit('scrollToBottom');
    },
    unmount() {
      root.unmount();
      store.dispose();
      for (const node of added) node.remove();
      if (created) element.remove();
    },
  };
}
