import { describe, expect, it } from 'vitest';
import { mergeOptions } from './options';
import { createChatStore } from './store';

/**
 * A store whose conversation is: user "First message", bot "Bot response", user "Second
 * message", user "Third message" (the setup of n8n's Chat.spec); every input event it emits is
 * recorded.
 */
function setup() {
  const store = createChatStore(
    mergeOptions({
      loadPreviousSession: false,
      messageHistory: [
        { id: '1', sender: 'user', text: 'First message' },
        { id: '2', sender: 'bot', text: 'Bot response' },
        { id: '3', sender: 'user', text: 'Second message' },
        { id: '4', sender: 'user', text: 'Third message' },
      ],
    }),
  );
  const emitted: string[] = [];
  store.events.on('blurInput', () => emitted.push('blur'));
  store.events.on('focusInput', () => emitted.push('focus'));
  store.events.on('setInputValue', (value) => emitted.push(`set:${value}`));
  const press = (key: 'ArrowUp' | 'ArrowDown', currentInputValue = '') => {
    store.events.emit('arrowKeyDown', { key, currentInputValue });
  };
  const values = () =>
    emitted.filter((event) => event.startsWith('set:')).map((event) => event.slice(4));
  return { store, emitted, press, values };
}

describe('n8n Chat.spec (history navigation)', () => {
  it('ArrowUp → previous message', () => {
    const { press, values } = setup();
    press('ArrowUp');
    expect(values()).toEqual(['Third message']);
  });

  it('multiple ArrowUp', () => {
    const { press, values } = setup();
    press('ArrowUp');
    press('ArrowUp');
    press('ArrowUp');
    expect(values()).toEqual(['Third message', 'Second message', 'First message']);
  });

  it('not beyond oldest', () => {
    const { press, values, emitted } = setup();
    for (let i = 0; i < 3; i++) press('ArrowUp');
    emitted.length = 0;
    press('ArrowUp');
    expect(emitted).toEqual(['blur', 'focus']);
    expect(values()).toEqual([]);
  });

  it('ArrowDown forward', () => {
    const { press, values } = setup();
    press('ArrowUp');
    press('ArrowUp');
    press('ArrowDown');
    expect(values().at(-1)).toBe('Third message');
  });

  it('clear past newest', () => {
    const { press, values } = setup();
    press('ArrowUp');
    press('ArrowDown');
    expect(values()).toEqual(['Third message', '']);
  });

  it('empty history', () => {
    const store = createChatStore(mergeOptions({ loadPreviousSession: false }));
    const emitted: string[] = [];
    for (const name of ['blurInput', 'focusInput', 'setInputValue'] as const) {
      store.events.on(name, () => emitted.push(name));
    }
    store.events.emit('arrowKeyDown', { key: 'ArrowUp', currentInputValue: '' });
    expect(emitted).toEqual([]);
  });

  it('only user messages', () => {
    const { press, values } = setup();
    for (let i = 0; i < 4; i++) press('ArrowUp');
    expect(values()).not.toContain('Bot response');
  });

  it('reset on messageSent', () => {
    const { store, press, values } = setup();
    press('ArrowUp');
    press('ArrowUp');
    store.events.emit('messageSent', { id: 'x', type: 'text', sender: 'user', text: 'x' });
    press('ArrowUp');
    expect(values()).toEqual(['Third message', 'Second message', 'Third message']);
  });

  it('preserve draft', () => {
    const { press, values } = setup();
    press('ArrowUp', 'My partial message');
    press('ArrowDown', 'Third message');
    press('ArrowDown', 'My partial message');
    expect(values()).toEqual(['Third message', 'My partial message']);
  });

  it('blur/focus emitted', () => {
    const { press, emitted } = setup();
    press('ArrowUp');
    expect(emitted).toEqual(['blur', 'set:Third message', 'focus']);
  });

  it('Escape restores draft [newer n8n]', () => {
    const { store, press, values } = setup();
    press('ArrowUp', 'My draft message');
    store.events.emit('escapeKeyDown', { currentInputValue: 'Third message' });
    expect(values()).toEqual(['Third message', 'My draft message']);
  });

  it('Escape outside navigation [newer n8n]', () => {
    const { store, values } = setup();
    store.events.emit('escapeKeyDown', { currentInputValue: 'typed' });
    expect(values()).toEqual([]);
  });
});
