/** Renders the whole site at a path, or one page inside the site's providers. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { App } from '../App';
import { ApiProvider } from '../api/queries';
import { AuthProvider } from '../auth/AuthContext';
import { BusinessProvider } from '../shell/business';
import { ToastProvider } from '../shell/toast';
import { TooltipProvider } from '../shell/Tooltip';

/** The whole site at `path`, as a page load there would. */
export function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/**
 * Renders `page` inside the site's toast, query cache, tooltip, auth and business providers (a
 * cache of its own, as a page load has).
 */
export function renderWithProviders(page: ReactElement) {
  return render(
    <ToastProvider>
      <ApiProvider>
        <TooltipProvider>
          <AuthProvider>
            <BusinessProvider>{page}</BusinessProvider>
          </AuthProvider>
        </TooltipProvider>
      </ApiProvider>
    </ToastProvider>,
  );
}
