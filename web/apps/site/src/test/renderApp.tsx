/** Renders the whole site at a path, or one page inside the site's providers. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { App } from '../App';
import { AuthProvider } from '../auth/AuthContext';
import { BusinessProvider } from '../shell/business';
import { ToastProvider } from '../shell/toast';
import { TooltipProvider } from '../shell/Tooltip';

/** The whole site at `path`, as a page load there would. */
export function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/** Renders `page` inside the site's toast, tooltip, auth and business providers. */
export function renderWithProviders(page: ReactElement) {
  return render(
    <ToastProvider>
      <TooltipProvider>
        <AuthProvider>
          <BusinessProvider>{page}</BusinessProvider>
        </AuthProvider>
      </TooltipProvider>
    </ToastProvider>,
  );
}
