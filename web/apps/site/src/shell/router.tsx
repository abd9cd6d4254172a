/**
 * The site's small router over the History API: the path is the state, `navigate` pushes a new
 * one and tells every `usePath` reader, and the browser's back and forward buttons do the same
 * through `popstate`.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const NAVIGATE_EVENT = 'citabot:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

function currentPath(): string {
  return window.location.pathname;
}

/** `location.pathname`, re-rendered on every navigation. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath);
}

/** Goes to `to` (a path, optionally with a query) without reloading the page. */
export function navigate(to: string): void {
  if (to === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** An anchor to a path of the site, followed by the router unless opened elsewhere. */
export function Link({
  to,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    // Modified clicks (new tab, new window) and other targets stay with the browser.
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || props.target) return;
    event.preventDefault();
    navigate(to);
  }
  return <a {...props} href={to} onClick={follow} />;
}

/**
 * The token of a signed link's path (`/cita/<token>`, `/opinion/<token>`) under `prefix`, or
 * null when the path is not one.
 */
export function linkToken(path: string, prefix: string): string | null {
  if (!path.startsWith(prefix)) return null;
  const token = path.slice(prefix.length);
  if (token === '' || token.includes('/')) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    // A malformed escape is no token the server could have made.
    return null;
  }
}
