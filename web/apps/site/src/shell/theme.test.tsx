import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isDashboardPath, themeFor, useDocumentTheme } from './theme';

const siteRoot = resolve(import.meta.dirname, '../..');
const themeScript = readFileSync(resolve(siteRoot, 'public/theme.js'), 'utf8');
const indexHtml = readFileSync(resolve(siteRoot, 'index.html'), 'utf8');

const PATHS = [
  '/',
  '/registro',
  '/mis-citas',
  '/dashboard',
  '/dashboard/',
  '/dashboard/servicios',
  '/dashboard/conversaciones/abc',
  '/dashboardx',
  '/no-existe/dashboard',
];

/** A system that prefers dark (or not); `change` flips it as the operating system would. */
function stubSystem(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: prefersDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = vi.fn(() => query);
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    matchMedia,
    listeners,
    change(dark: boolean) {
      query.matches = dark;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

const documentTheme = () => document.documentElement.dataset.theme;

describe('themeFor', () => {
  it('forces light on /dashboard and below, and follows the system elsewhere', () => {
    expect(PATHS.map((path) => [path, themeFor(path, true), themeFor(path, false)])).toEqual([
      ['/', 'dark', 'light'],
      ['/registro', 'dark', 'light'],
      ['/mis-citas', 'dark', 'light'],
      ['/dashboard', 'light', 'light'],
      ['/dashboard/', 'light', 'light'],
      ['/dashboard/servicios', 'light', 'light'],
      ['/dashboard/conversaciones/abc', 'light', 'light'],
      // Not the dashboard: a page of its own name (the 404 page), so it follows the system.
      ['/dashboardx', 'dark', 'light'],
      ['/no-existe/dashboard', 'dark', 'light'],
    ]);
    expect(isDashboardPath('/dashboardx')).toBe(false);
  });
});

describe('public/theme.js', () => {
  it('is loaded as a classic script in the head, before the app', () => {
    const head = indexHtml.slice(0, indexHtml.indexOf('</head>'));
    expect(head).toContain('<script src="/theme.js"></script>');
  });

  it.each(PATHS.flatMap((path) => [true, false].map((dark) => [path, dark] as const)))(
    'agrees with themeFor on %s (system dark: %s)',
    (path, dark) => {
      const system = stubSystem(dark);
      window.history.replaceState(null, '', path);
      document.documentElement.removeAttribute('data-theme');
      // Run as the browser would: a classic script in the page's global scope.
      window.eval(themeScript);
      expect(documentTheme()).toBe(themeFor(path, dark));
      // The dashboard never asks the system.
      expect(system.matchMedia).toHaveBeenCalledTimes(isDashboardPath(path) ? 0 : 1);
    },
  );
});

describe('useDocumentTheme', () => {
  it('follows system changes off the dashboard, and stops listening on it', () => {
    const system = stubSystem(false);
    window.history.replaceState(null, '', '/');
    const { rerender, unmount } = renderHook(
      ({ path }) => {
        useDocumentTheme(path);
      },
      { initialProps: { path: '/' } },
    );
    expect(documentTheme()).toBe('light');
    system.change(true);
    expect(documentTheme()).toBe('dark');

    window.history.replaceState(null, '', '/dashboard/equipo');
    rerender({ path: '/dashboard/equipo' });
    expect(documentTheme()).toBe('light');
    expect(system.listeners.size).toBe(0);
    system.change(true);
    expect(documentTheme()).toBe('light');

    window.history.replaceState(null, '', '/mis-citas');
    rerender({ path: '/mis-citas' });
    expect(documentTheme()).toBe('dark');
    unmount();
    expect(system.listeners.size).toBe(0);
  });
});
