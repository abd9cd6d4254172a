import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events';

interface Events {
  ping: undefined;
  say: string;
}

describe('emitter (n8n utils/event-bus.spec, per instance)', () => {
  it('on/emit with and without payload, several listeners in order', () => {
    const events = createEmitter<Events>();
    const heard: string[] = [];
    events.on('ping', () => heard.push('a'));
    events.on('ping', () => heard.push('b'));
    events.on('say', (text) => heard.push(text));
    events.emit('ping');
    events.emit('say', 'hola');
    expect(heard).toEqual(['a', 'b', 'hola']);
  });

  it('on returns an unsubscribe function; unknown events are no-ops', () => {
    const events = createEmitter<Events>();
    const listener = vi.fn();
    const off = events.on('say', listener);
    off();
    off();
    events.emit('say', 'x');
    events.emit('ping');
    expect(listener).not.toHaveBeenCalled();
  });

  it('a throwing listener does not stop the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const events = createEmitter<Events>();
    const after = vi.fn();
    events.on('ping', () => {
      throw new Error('host bug');
    });
    events.on('ping', after);
    events.emit('ping');
    expect(after).toHaveBeenCalledOnce();
  });

  it('two emitters never hear each other (n8n: one module-level bus for every widget)', () => {
    const first = createEmitter<Events>();
    const second = createEmitter<Events>();
    const listener = vi.fn();
    second.on('say', listener);
    first.emit('say', 'solo uno');
    expect(listener).not.toHaveBeenCalled();
  });
});
