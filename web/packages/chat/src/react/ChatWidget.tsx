import { useEffect, useId, useMemo, useRef } from 'react';
import type { ChatStore } from '../core/store';
import { ChatWindow } from './ChatWindow';
import { ChatContext, type MessageComponents } from './context';
import { useTheme, useVisualViewport } from './hooks';
import { Icon } from './Icon';
import { MessageWithButtons } from './MessageWithButtons';
import { useChatState } from './useChatState';

export interface ChatWidgetProps {
  /** The widget instance's store (see `createChatStore`). */
  store: ChatStore;
  /** Components for `type: 'component'` messages, by `key`, besides the built-in `with-buttons`. */
  messageComponents?: MessageComponents;
  /**
   * Overrides the store's `colorScheme` option, for a host page that has a theme of its own and
   * changes it while the widget lives (a store's options are fixed when it is created).
   */
  colorScheme?: 'light' | 'dark' | 'auto';
  /**
   * Overrides the header's title (the `title` string, which also names the window), for a host
   * that learns it while the widget lives: a salon's name once its data has loaded.
   */
  title?: string;
  /**
   * Overrides the `avatarUrl` option, for a host that learns it while the widget lives (a
   * salon's logo once its data has loaded, or a new one).
   */
  avatarUrl?: string;
}

/**
 * The widget driven by an existing store. In window mode: a toggle button (chat icon when
 * closed, down chevron when open) and the floating window, which is a non-modal dialog; in
 * fullscreen mode: the window alone, filling its container. The root carries `data-state`
 * (`open` / `closed`) and `data-theme` (`light` / `dark`). Starts the store while mounted and stops
 * it (requests, live channel) when unmounted.
 */
export function ChatWidget({
  store,
  messageComponents,
  colorScheme,
  title,
  avatarUrl,
}: ChatWidgetProps) {
  const isOpen = useChatState(store, (state) => state.isOpen);
  const theme = useTheme(colorScheme ?? store.options.colorScheme);
  const windowId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(isOpen);
  const windowMode = store.options.mode === 'window';
  const context = useMemo(
    () => ({ store, components: { 'with-buttons': MessageWithButtons, ...messageComponents } }),
    [store, messageComponents],
  );

  useEffect(() => {
    void store.start();
    return store.stop;
  }, [store]);

  // Closing gives the focus back to the toggle, unless it had already moved out of the widget.
  useEffect(() => {
    const element = root.current;
    if (wasOpen.current && !isOpen && element) {
      const active = (element.getRootNode() as Document | ShadowRoot).activeElement;
      if (!active || active === document.body || element.contains(active)) toggle.current?.focus();
    }
    wasOpen.current = isOpen;
  }, [isOpen]);

  useVisualViewport(root, windowMode && isOpen);

  return (
    <ChatContext.Provider value={context}>
      <div
        ref={root}
        className={`citabot-chat n8n-chat ${windowMode ? 'chat-window-wrapper' : 'chat-fullscreen'}`}
        data-state={isOpen ? 'open' : 'closed'}
        data-theme={theme}
      >
        <ChatWindow id={windowId} hidden={!isOpen} title={title} avatarUrl={avatarUrl} />
        {windowMode && (
          <button
            ref={toggle}
            type="button"
            className="chat-window-toggle"
            aria-label={isOpen ? store.t('closeButtonTooltip') : store.t('openChat')}
            aria-expanded={isOpen}
            aria-controls={windowId}
            onClick={store.toggle}
          >
            <Icon name={isOpen ? 'chevron-down' : 'chat'} size={32} />
          </button>
        )}
      </div>
    </ChatContext.Provider>
  );
}
