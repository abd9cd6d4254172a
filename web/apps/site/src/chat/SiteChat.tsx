/**
 * The chat widget on every page (REQUIREMENTS S4). One widget per signed-in identity, built once
 * the session is known (never a guest widget first: its history request and its first message
 * would go out as a guest's and race the rebuild). When the signed-in user changes (sign in, sign
 * out, another account) the old widget is removed and a new one built, so no widget state or
 * metadata carries over from one person to the next. A conversation a guest started in this
 * browser is kept through a sign-in (the server makes it the account's once it writes); on sign
 * out the stored conversation is forgotten, so the next visitor of this browser never sees the
 * account's. Pages open it, and may ask in it ("Quiero reservar …"), through `useOpenChat`.
 *
 * It is `<Chat>` with its store in our hands (`createChatStore` + `<ChatWidget>`, both public),
 * which is what lets a page button open the window. Its header shows the salon's name once the
 * business has loaded ("Hola" until then) and its logo as the avatar once it has one (the bot
 * icon until then), given to the widget as they change: the widget itself reads nothing of
 * citabot's but the chat webhook.
 */
import { ChatWidget, createChatStore, mergeOptions, type ChatStore } from '@citabot/chat';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api } from '../api/client';
import { csrfHeader } from '../api/http';
import type { Profile } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { useBusiness } from '../shell/business';
import { chatOptions, chatTitle, visitorMetadata } from './chatConfig';
import { ChatOpenerContext } from './useOpenChat';

/** Renders `children` and the chat widget of whoever is signed in. */
export function SiteChat({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const current = useRef<ChatStore | null>(null);
  const openChat = useCallback((message?: string) => {
    const store = current.current;
    if (!store) return;
    store.open();
    if (message !== undefined) askWhenReady(store, message);
  }, []);
  // Registers the widget pages open; returns how to take it back (only if still the current one).
  const register = useCallback((store: ChatStore) => {
    current.current = store;
    return () => {
      if (current.current === store) current.current = null;
    };
  }, []);

  return (
    <ChatOpenerContext value={openChat}>
      {children}
      {!loading && <VisitorChat key={user?.id ?? 'guest'} user={user} register={register} />}
    </ChatOpenerContext>
  );
}

/**
 * Sends `text` as the visitor's message once the widget knows whether they have a conversation
 * (its history has loaded): in that conversation, else in a new one.
 */
function askWhenReady(store: ChatStore, text: string): void {
  const send = () => {
    if (store.getState().currentSessionId === null) store.startNewSession();
    void store.sendMessage(text);
  };
  if (store.getState().phase === 'ready') {
    send();
    return;
  }
  const stop = store.subscribe(() => {
    if (store.getState().phase !== 'ready') return;
    stop();
    send();
  });
}

interface VisitorChatProps {
  user: Profile | null;
  register: (store: ChatStore) => () => void;
}

/**
 * A widget for `user` whose metadata, worked out at each request, uses the profile once
 * `setProfile` has been given it.
 */
function createVisitorChat(user: Profile | null) {
  let profile: Profile | null = null;
  const metadata = () => visitorMetadata(new Date(), user, profile);
  const store = createChatStore(
    mergeOptions(chatOptions(window.location.origin, metadata, csrfHeader())),
  );
  return {
    store,
    setProfile(loaded: Profile) {
      profile = loaded;
    },
  };
}

function subscribeToPageTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  return () => {
    observer.disconnect();
  };
}

/**
 * The theme the page wears (`<html data-theme>`, kept by the shell's theme rule), so the chat
 * matches it: dark beside a dark page, light on the dashboard, changing with it.
 */
function usePageTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeToPageTheme, () =>
    document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
  );
}

/** One widget for one visitor; its parent gives it a new key for the next one. */
function VisitorChat({ user, register }: VisitorChatProps) {
  const [chat] = useState(() => createVisitorChat(user));
  const theme = usePageTheme();
  const { business } = useBusiness();

  useEffect(() => register(chat.store), [chat, register]);

  useEffect(() => {
    if (!user) return;
    const controller = new AbortController();
    api
      .get('/api/profile', { signal: controller.signal })
      .then(({ item }) => {
        chat.setProfile(item);
      })
      .catch(() => {
        // REQUIREMENTS S4: without a profile the chat still works, with an empty draft.
      });
    return () => {
      controller.abort();
    };
  }, [chat, user]);

  return (
    <ChatWidget
      store={chat.store}
      colorScheme={theme}
      title={chatTitle(business)}
      avatarUrl={business?.logoUrl ?? undefined}
    />
  );
}
