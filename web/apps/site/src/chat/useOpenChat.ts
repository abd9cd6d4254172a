/** Lets any page open the site's chat window, and ask in it (see `SiteChat`). */
import { createContext, useContext } from 'react';

/**
 * Opens the chat window; with a `message`, also sends it as the visitor's (in their conversation,
 * or a new one when they have none), as a starter chip would.
 */
export type OpenChat = (message?: string) => void;

export const ChatOpenerContext = createContext<OpenChat | null>(null);

/** The site's chat opener; null outside `SiteChat`. */
export function useOpenChat(): OpenChat | null {
  return useContext(ChatOpenerContext);
}
