/** Lets any page open the site's chat window (see `SiteChat`). */
import { createContext, useContext } from 'react';

export const ChatOpenerContext = createContext<(() => void) | null>(null);

/** Opens the chat window; null outside `SiteChat`. */
export function useOpenChat(): (() => void) | null {
  return useContext(ChatOpenerContext);
}
