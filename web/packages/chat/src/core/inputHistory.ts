/**
 * Recalling sent messages in the input with ArrowUp and ArrowDown, as `@n8n/chat` does: the
 * input reports the keys as `arrowKeyDown` events and this answers with `blurInput`,
 * `setInputValue` and `focusInput`. A draft typed before the recall comes back when the user
 * goes past the newest message (or presses Escape). Sending a message ends the recall.
 */
import type { Emitter } from './events';
import type { ChatEventMap } from './store';

/** Wires the recall to an instance's events; `userTexts` lists the user's messages in order. */
export function attachInputHistory(events: Emitter<ChatEventMap>, userTexts: () => string[]): void {
  // -1: not recalling; otherwise how many messages back from the newest.
  let index = -1;
  let draft = '';

  function restoreDraft(): void {
    index = -1;
    events.emit('setInputValue', draft);
    draft = '';
  }

  events.on('arrowKeyDown', ({ key, currentInputValue }) => {
    const history = userTexts();
    const last = history.length - 1;
    if (last < 0 || (key === 'ArrowDown' && index === -1)) return;
    if (index === -1 && currentInputValue !== '') draft = currentInputValue;
    events.emit('blurInput');
    if (key === 'ArrowUp') {
      if (index < last) events.emit('setInputValue', history[last - ++index] ?? '');
    } else if (index > 0) {
      events.emit('setInputValue', history[last - --index] ?? '');
    } else {
      restoreDraft();
    }
    events.emit('focusInput');
  });
  events.on('escapeKeyDown', () => {
    if (index !== -1) restoreDraft();
  });
  events.on('messageSent', () => {
    index = -1;
    draft = '';
  });
}
