/**
 * The site's theme (REQUIREMENTS S1): the dashboard is always light; every other page follows the
 * system, light by default. `public/theme.js` applies the same rule before the first paint (a
 * test keeps the two in step); `useDocumentTheme` keeps it right as the page changes.
 */
import { useEffect } from 'react';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether `path` is the dashboard: `/dashboard` and what is under it, not `/dashboardx`. */
export function isDashboardPath(path: string): boolean {
  return path === '/dashboard' || path.startsWith('/dashboard/');
}

/** The theme of `path` when the system prefers dark (`prefersDark`) or not. */
export function themeFor(path: string, prefersDark: boolean): Theme {
  return !isDashboardPath(path) && prefersDark ? 'dark' : 'light';
}

function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

/**
 * Keeps `<html data-theme>` right for `path`: light on the dashboard without asking the system,
 * elsewhere the system's preference, followed while the page is open.
 */
export function useDocumentTheme(path: string): void {
  const dashboard = isDashboardPath(path);
  useEffect(() => {
    if (dashboard) {
      applyTheme('light');
      return;
    }
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => {
      applyTheme(themeFor(window.location.pathname, query.matches));
    };
    follow();
    query.addEventListener('change', follow);
    return () => {
      query.removeEventListener('change', follow);
    };
  }, [dashboard]);
}
