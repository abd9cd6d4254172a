import { describe, expect, it, vi } from 'vitest';
import {
  defaultOptions,
  launcherOptions,
  mergeOptions,
  resolveMetadata,
  translate,
  type ChatOptionsInput,
} from './options';

describe('mergeOptions', () => {
  it('gives the @n8n/chat defaults when nothing is passed', () => {
    const options = mergeOptions();
    expect(options).toEqual(defaultOptions);
    expect(options).toMatchObject({
      webhookUrl: 'http://localhost:5678',
      webhookConfig: { method: 'POST', headers: {} },
      target: '#n8n-chat',
      mode: 'window',
      showWelcomeScreen: false,
      loadPreviousSession: true,
      chatInputKey: 'chatInput',
      chatSessionKey: 'sessionId',
      defaultLanguage: 'en',
      initialMessages: ['Hi there! 👋', 'My name is Nathan. How can I assist you today?'],
      enableStreaming: false,
      storageNamespace: 'n8n-chat',
    });
    expect(options.i18n.en).toMatchObject({
      title: 'Hi there! 👋',
      subtitle: "Start a chat. We're here to help you 24/7.",
      footer: '',
      getStarted: 'New Conversation',
      inputPlaceholder: 'Type your question..',
      closeButtonTooltip: 'Close chat',
      repostButton: 'Repost message',
      reuseButton: 'Reuse message',
    });
  });

  it('overrides plain options and keeps the rest', () => {
    const options = mergeOptions({
      webhookUrl: '/hook',
      showWelcomeScreen: true,
      initialMessages: [],
    });
    expect(options.webhookUrl).toBe('/hook');
    expect(options.showWelcomeScreen).toBe(true);
    expect(options.initialMessages).toEqual([]);
    expect(options.chatInputKey).toBe('chatInput');
  });

  it("greets in Spanish with defaultLanguage es, and keeps the caller's greeting", () => {
    const spanish = mergeOptions({ defaultLanguage: 'es' });
    expect(spanish.initialMessages).toEqual([
      '¡Hola! 👋',
      'Soy el asistente virtual. ¿En qué puedo ayudarte?',
    ]);
    expect(spanish.initialMessages.join(' ')).not.toMatch(/Nathan|Hi there/);
    expect(translate(spanish, 'subtitle')).toBe('Responde al momento');
    expect(translate(spanish, 'getStarted')).toBe('Nueva conversación');
    expect(
      mergeOptions({ defaultLanguage: 'es', initialMessages: ['Buenas'] }).initialMessages,
    ).toEqual(['Buenas']);
    // A language without a built-in greeting greets as @n8n/chat does.
    expect(mergeOptions({ defaultLanguage: 'de' }).initialMessages).toEqual(
      defaultOptions.initialMessages,
    );
  });

  it("has no starter chips unless given (the welcome screen stays @n8n/chat's)", () => {
    expect(mergeOptions().starters).toEqual([]);
    expect(mergeOptions({ starters: ['Reservar cita'] }).starters).toEqual(['Reservar cita']);
  });

  it('ignores options passed as undefined', () => {
    expect(mergeOptions({ webhookUrl: undefined }).webhookUrl).toBe('http://localhost:5678');
  });

  it('merges webhookConfig one level deep', () => {
    expect(mergeOptions({ webhookConfig: { headers: { 'X-Key': '1' } } }).webhookConfig).toEqual({
      method: 'POST',
      headers: { 'X-Key': '1' },
    });
    expect(mergeOptions({ webhookConfig: { method: 'GET' } }).webhookConfig).toEqual({
      method: 'GET',
      headers: {},
    });
  });

  it('merges the en strings key by key and uses other languages as given', () => {
    const es = { title: 'Hola' };
    const options = mergeOptions({ i18n: { en: { title: 'Welcome' }, es } });
    expect(options.i18n.en.title).toBe('Welcome');
    expect(options.i18n.en.getStarted).toBe('New Conversation');
    expect(options.i18n.es).toBe(es);
  });
});

describe('translate', () => {
  it('reads the chosen language, then the built-in table of that language, then English', () => {
    const options = mergeOptions({
      defaultLanguage: 'es',
      i18n: { es: { title: 'Hola', footer: '' } },
    });
    expect(translate(options, 'title')).toBe('Hola');
    expect(translate(options, 'footer')).toBe('');
    expect(translate(options, 'retry')).toBe('Reintentar');
    const german = mergeOptions({ defaultLanguage: 'de', i18n: { de: { title: 'Hallo' } } });
    expect(translate(german, 'title')).toBe('Hallo');
    expect(translate(german, 'getStarted')).toBe('New Conversation');
  });
});

describe('launcherOptions', () => {
  it('gives what mergeOptions and translate give, without the string tables', () => {
    const inputs: ChatOptionsInput[] = [
      {},
      { defaultLanguage: 'es' },
      { defaultLanguage: 'es', i18n: { es: { openChat: 'Pregúntanos' } } },
      { defaultLanguage: 'es', i18n: { en: { openChat: 'Ask us' } } },
      { defaultLanguage: 'de', i18n: { de: { title: 'Hallo' }, en: { openChat: 'Ask us' } } },
      { defaultLanguage: 'de' },
      { mode: 'fullscreen', target: '#chat', colorScheme: 'auto', defaultLanguage: undefined },
    ];
    for (const input of inputs) {
      const options = mergeOptions(input);
      expect(launcherOptions(input)).toEqual({
        target: options.target,
        mode: options.mode,
        colorScheme: options.colorScheme,
        openChat: translate(options, 'openChat'),
      });
    }
    expect(launcherOptions({ defaultLanguage: 'es' }).openChat).toBe('Abrir chat');
  });
});

describe('resolveMetadata', () => {
  it('returns an object as is and calls a function every time', () => {
    expect(resolveMetadata({ a: 1 })).toEqual({ a: 1 });
    expect(resolveMetadata(undefined)).toBeUndefined();
    const source = vi.fn(() => ({ n: source.mock.calls.length }));
    expect(resolveMetadata(source)).toEqual({ n: 1 });
    expect(resolveMetadata(source)).toEqual({ n: 2 });
  });
});
