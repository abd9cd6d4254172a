/* global window, document */
// Sets <html data-theme> before the first paint, so no page flashes the wrong theme. The rule is
// themeFor in src/shell/theme.ts (a test checks they agree): /dashboard and below are always
// light without asking the system; other pages follow the system, light by default.
(function () {
  var path = window.location.pathname;
  var dashboard = path === '/dashboard' || path.indexOf('/dashboard/') === 0;
  var dark = !dashboard && window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
