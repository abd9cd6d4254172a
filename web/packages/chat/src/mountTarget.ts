/**
 * Where a widget mounts, shared by `createChat` (npm build) and the script-tag launcher, which
 * must stay free of React: this module imports nothing.
 */

/**
 * The element to mount into. A selector that matches nothing gets a new `<div>` at the end of
 * `<body>`, carrying the id or class the selector names (as `@n8n/chat` does).
 */
export function resolveTarget(target: string | Element): { element: Element; created: boolean } {
  if (typeof target !== 'string') return { element: target, created: false };
  const found = document.querySelector(target);
  if (found) return { element: found, created: false };
  const element = document.createElement('div');
  if (target.startsWith('#')) element.id = target.slice(1);
  else if (target.startsWith('.')) element.className = target.slice(1);
  document.body.append(element);
  return { element, created: true };
}
