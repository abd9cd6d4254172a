/**
 * The widget's hooks on the browser: the colour scheme and the visual viewport.
 */
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

/** The system's dark-scheme query, where the browser has `matchMedia`. */
function darkQuery(): MediaQueryList | undefined {
  // Some environments (jsdom, old embedded browsers) have no matchMedia.
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;
}

function subscribeToScheme(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => {
    query?.removeEventListener('change', onChange);
  };
}

/** The theme to show for a `colorScheme` option; `auto` follows the system setting. */
export function useTheme(scheme: 'light' | 'dark' | 'auto'): 'light' | 'dark' {
  const systemDark = useSyncExternalStore(
    subscribeToScheme,
    () => darkQuery()?.matches ?? false,
    () => false,
  );
  return scheme === 'dark' || (scheme === 'auto' && systemDark) ? 'dark' : 'light';
}

/**
 * While `active`, mirrors the visual viewport (the part of the page not covered by an on-screen
 * keyboard) into `--citabot-chat-viewport-height` and `--citabot-chat-viewport-top` on `ref`'s
 * element, for the full-screen panel of narrow screens.
 */
export function useVisualViewport(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = ref.current;
    if (!active || !viewport || !element) return;
    const update = () => {
      element.style.setProperty('--citabot-chat-viewport-height', `${String(viewport.height)}px`);
      element.style.setProperty('--citabot-chat-viewport-top', `${String(viewport.offsetTop)}px`);
    };
    update();
    viewport.addEventListener('resize', update);
    viewport.addEventListener('scroll', update);
    return () => {
      viewport.removeEventListener('resize', update);
      viewport.removeEventListener('scroll', update);
    };
  }, [ref, active]);
}
