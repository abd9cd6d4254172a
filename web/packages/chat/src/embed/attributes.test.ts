import { describe, expect, it, vi } from 'vitest';
import { readScriptTag } from './attributes';

function tag(attributes: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

describe('readScriptTag', () => {
  it('maps kebab-case data- attributes to options of every kind', () => {
    const warn = vi.fn();
    const config = readScriptTag(
      tag({
        src: '/embed/chat.js',
        'data-webhook-url': 'https://example.com/api/n8n/chat',
        'data-default-language': 'es',
        'data-mode': 'fullscreen',
        'data-show-welcome-screen': '',
        'data-load-previous-session': 'false',
        'data-enable-streaming': 'true',
        'data-initial-messages': '["¡Hola!","¿En qué te ayudo?"]',
        'data-starters': '["Reservar cita","Ver precios"]',
        'data-i18n': '{"es":{"title":"Reservas"}}',
        'data-webhook-config': '{"method":"GET","headers":{"X-Site":"1"}}',
        'data-metadata': '{"source":"web"}',
        'data-chat-input-key': 'message',
        'data-avatar-url': 'https://example.com/logo.png',
      }),
      warn,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(config).toEqual({
      autoStart: true,
      options: {
        webhookUrl: 'https://example.com/api/n8n/chat',
        defaultLanguage: 'es',
        mode: 'fullscreen',
        showWelcomeScreen: true,
        loadPreviousSession: false,
        enableStreaming: true,
        initialMessages: ['¡Hola!', '¿En qué te ayudo?'],
        starters: ['Reservar cita', 'Ver precios'],
        i18n: { es: { title: 'Reservas' } },
        webhookConfig: { method: 'GET', headers: { 'X-Site': '1' } },
        metadata: { source: 'web' },
        chatInputKey: 'message',
        avatarUrl: 'https://example.com/logo.png',
      },
    });
  });

  it('reports invalid values and unknown attributes, and keeps the rest', () => {
    const warn = vi.fn();
    const config = readScriptTag(
      tag({
        'data-webhook-url': '/api/n8n/chat',
        'data-mode': 'popup',
        'data-show-welcome-screen': 'yes',
        'data-i18n': '{"es": ',
        'data-metadata': '[1, 2]',
        'data-initial-messages': '["hola", 2]',
        'data-webhook-uri': 'typo',
      }),
      warn,
    );
    expect(config).toEqual({ autoStart: true, options: { webhookUrl: '/api/n8n/chat' } });
    expect(warn.mock.calls.map(([message]) => message as string)).toEqual([
      'citabot: data-mode="popup" ignored: expected window or fullscreen.',
      'citabot: data-show-welcome-screen="yes" ignored: expected true, false or no value.',
      'citabot: data-i18n="{"es": " ignored: not valid JSON.',
      'citabot: data-metadata="[1, 2]" ignored: expected a JSON object.',
      'citabot: data-initial-messages="["hola", 2]" ignored: expected a JSON list of strings.',
      'citabot: data-webhook-uri is not an option of the chat; ignored.',
    ]);
  });

  it('starts nothing without data-webhook-url, and says so when other options are set', () => {
    const quiet = vi.fn();
    expect(readScriptTag(tag({ src: '/embed/chat.js' }), quiet)).toEqual({
      autoStart: false,
      options: {},
    });
    expect(quiet).not.toHaveBeenCalled();

    const warn = vi.fn();
    expect(readScriptTag(tag({ 'data-default-language': 'es' }), warn).autoStart).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no data-webhook-url'));
  });
});
