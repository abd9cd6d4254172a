/** Renders the whole site at `path`, as a page load there would. */
import { render } from '@testing-library/react';
import { App } from '../App';

export function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  return render(<App />);
}
