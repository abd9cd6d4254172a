import { describe, expect, it } from 'vitest';
import { installFakeSocket } from '../test/socket';
import {
  chunk,
  historyItem,
  jsonResponse,
  ndjson,
  streamResponse,
  stubWebhook,
} from '../test/webhook';
import { choices, replyExtras, summaryCard } from './extras';
import type { ChatMessage } from './messages';
import { mergeOptions, type ChatOptionsInput } from './options';
import { createChatStore } from './store';

/** `n` valid quick replies, `Opción 1` … */
function replies(n: number) {
  return Array.from({ length: n }, (_, index) => ({
    label: `Opción ${String(index + 1)}`,
    value: `Quiero la opción ${String(index + 1)}`,
  }));
}

const CARD = {
  title: 'Resumen de tu cita',
  lead: 'Sí, aceptamos **tarjeta**.',
  rows: [
    { label: 'Servicio', value: 'Corte de pelo' },
    { label: 'Día', value: 'lunes 30 de noviembre' },
  ],
  actions: [
    { label: 'Confirmar', value: 'Sí, confírmala' },
    { label: 'Cambiar', value: 'Quiero cambiar la hora' },
  ],
};

/** A string of `n` characters; with `wide`, each one is two UTF-16 units (an emoji). */
const chars = (n: number, wide = false) => (wide ? '😀' : 'a').repeat(n);

describe('quick replies', () => {
  it('keeps label and value of each valid entry, nothing else', () => {
    expect(
      choices([{ label: '10:30', value: 'A las 10:30', id: 7, html: '<b>x</b>' }], 12),
    ).toStrictEqual([{ label: '10:30', value: 'A las 10:30' }]);
  });

  it.each([
    ['an object', { label: 'a', value: 'b' }],
    ['a string', 'A las 10:30'],
    ['null', null],
    ['a number', 3],
  ])('has none when the field is %s instead of a list', (_, value) => {
    expect(choices(value, 12)).toEqual([]);
  });

  it('drops the malformed entries and keeps the rest, in order', () => {
    expect(
      choices(
        [
          'A las 10:30',
          null,
          [],
          { label: 'Sin valor' },
          { value: 'Sin etiqueta' },
          { label: 10, value: 'número' },
          { label: 'número', value: 10 },
          { label: '', value: 'vacía' },
          { label: 'blanco', value: '  \n' },
          { label: 'bien', value: 'Bien' },
          { label: 'también', value: 'También' },
        ],
        12,
      ),
    ).toEqual([
      { label: 'bien', value: 'Bien' },
      { label: 'también', value: 'También' },
    ]);
  });

  it('keeps at most 12 (the first valid ones) and at most the given count', () => {
    expect(choices(replies(12), 12)).toHaveLength(12);
    expect(choices(replies(13), 12)).toEqual(replies(12));
    expect(choices([{ label: '', value: '' }, ...replies(13)], 12)).toEqual(replies(12));
    expect(choices(replies(5), 4)).toEqual(replies(4));
  });

  it.each([false, true])(
    'drops (never shortens) a label over 80 or a value over 500 characters (wide: %s)',
    (wide) => {
      const entries = [
        { label: chars(80, wide), value: 'label 80' },
        { label: chars(81, wide), value: 'label 81' },
        { label: 'value 500', value: chars(500, wide) },
        { label: 'value 501', value: chars(501, wide) },
      ];
      expect(choices(entries, 12).map(({ label, value }) => [label.length, value])).toEqual([
        [wide ? 160 : 80, 'label 80'],
        [9, chars(500, wide)],
      ]);
    },
  );
});

describe('summary card', () => {
  it('reads title, lead, rows and actions', () => {
    expect(summaryCard(CARD)).toStrictEqual(CARD);
  });

  it('needs no lead and no actions; a null, blank or missing lead shows none', () => {
    const { title, rows } = CARD;
    expect(summaryCard({ title, rows })).toStrictEqual({ title, rows, actions: [] });
    expect(summaryCard({ title, rows, lead: null, actions: null })).toStrictEqual({
      title,
      rows,
      actions: [],
    });
    expect(summaryCard({ title, rows, lead: ' ' })).toStrictEqual({ title, rows, actions: [] });
    expect(summaryCard({ title, rows: [] })).toStrictEqual({ title, rows: [], actions: [] });
  });

  it.each([
    ['not an object', 'Resumen'],
    ['a list', [CARD]],
    ['without a title', { ...CARD, title: undefined }],
    ['with a title that is not a string', { ...CARD, title: 12 }],
    ['with a blank title', { ...CARD, title: '  ' }],
    ['with a title over 120 characters', { ...CARD, title: chars(121) }],
    ['without rows', { ...CARD, rows: undefined }],
    ['with rows that are not a list', { ...CARD, rows: { label: 'Día', value: 'lunes' } }],
    ['with more than 12 rows', { ...CARD, rows: replies(13) }],
    ['with a row that is not an object', { ...CARD, rows: [...CARD.rows, 'Precio: 18 €'] }],
    ['with a row without a value', { ...CARD, rows: [{ label: 'Día' }] }],
    ['with a blank row value', { ...CARD, rows: [{ label: 'Día', value: '' }] }],
    ['with a row label over 80', { ...CARD, rows: [{ label: chars(81), value: 'x' }] }],
    ['with a row value over 300', { ...CARD, rows: [{ label: 'x', value: chars(301) }] }],
    ['with a lead that is not a string', { ...CARD, lead: ['Sí'] }],
    ['with a lead over 2000 characters', { ...CARD, lead: chars(2001) }],
  ])('is ignored when %s', (_, card) => {
    expect(summaryCard(card)).toBeUndefined();
  });

  it('takes the limits themselves: title 120, 12 rows of 80/300, lead 2000', () => {
    const card = {
      title: chars(120, true),
      lead: chars(2000, true),
      rows: Array.from({ length: 12 }, () => ({ label: chars(80), value: chars(300, true) })),
    };
    expect(summaryCard(card)).toStrictEqual({ ...card, actions: [] });
  });

  it('keeps actions as quick replies are kept: the valid ones, at most 4', () => {
    const actions = [{ label: 'Mal' }, ...replies(5)];
    expect(summaryCard({ ...CARD, actions })?.actions).toEqual(replies(4));
    expect(summaryCard({ ...CARD, actions: 'Confirmar' })?.actions).toEqual([]);
    expect(
      summaryCard({ ...CARD, actions: [{ label: 'Confirmar', value: chars(501) }] })?.actions,
    ).toEqual([]);
  });
});

describe('replyExtras', () => {
  it('takes suggestions and card from a reply object, and nothing when it has neither', () => {
    expect(replyExtras({ output: 'x', suggestions: replies(2), card: CARD })).toStrictEqual({
      suggestions: replies(2),
      card: CARD,
    });
    expect(replyExtras({ output: 'x' })).toBeUndefined();
    expect(replyExtras({ output: 'x', suggestions: [], card: {} })).toBeUndefined();
  });

  it('keeps valid suggestions beside a malformed card, and the other way round', () => {
    expect(replyExtras({ suggestions: replies(1), card: { title: 'x' } })).toStrictEqual({
      suggestions: replies(1),
    });
    expect(replyExtras({ suggestions: 'no', card: CARD })).toStrictEqual({ card: CARD });
  });

  it.each([
    ['a list', [{ output: 'x', suggestions: replies(1) }]],
    ['a string', 'x'],
    ['null', null],
  ])('finds none in %s', (_, body) => {
    expect(replyExtras(body)).toBeUndefined();
  });
});

function store(input: ChatOptionsInput = {}) {
  return createChatStore(
    mergeOptions({ webhookUrl: '/api/n8n/chat', loadPreviousSession: false, ...input }),
  );
}

/** The bot messages of a store, in order. */
function bots(messages: readonly ChatMessage[]) {
  return messages.filter((message) => message.sender === 'bot');
}

describe('quick replies and cards in the store', () => {
  it('puts a JSON answer’s fields on its bot message (and on messageReceived)', async () => {
    stubWebhook({
      reply: () => jsonResponse({ output: '¿A qué hora?', suggestions: replies(2), card: CARD }),
    });
    const chat = store();
    const received: ChatMessage[] = [];
    chat.events.on('messageReceived', (message) => received.push(message));
    await chat.sendMessage('hola');
    const [reply] = bots(chat.getState().messages);
    expect(reply).toStrictEqual({
      id: expect.any(String) as string,
      type: 'text',
      sender: 'bot',
      text: '¿A qué hora?',
      suggestions: replies(2),
      card: CARD,
    });
    expect(received).toEqual([reply]);
  });

  it('takes them from any reply object, even one whose text is not in output', async () => {
    stubWebhook({ reply: () => jsonResponse({ text: 'Hola', suggestions: replies(1) }) });
    const chat = store();
    await chat.sendMessage('hola');
    expect(bots(chat.getState().messages)).toMatchObject([
      { text: 'Hola', suggestions: replies(1) },
    ]);
  });

  it('adds no field when a JSON answer has neither, or only malformed ones', async () => {
    stubWebhook({
      reply: () => jsonResponse({ output: 'Hola', suggestions: [{ label: 'x' }], card: 'x' }),
    });
    const chat = store();
    await chat.sendMessage('hola');
    const [reply] = bots(chat.getState().messages);
    expect(Object.keys(reply ?? {}).sort()).toEqual(['id', 'sender', 'text', 'type']);
  });

  it('follows replyText for a list of items: shown as JSON, as today, with no choices', async () => {
    const items = [{ output: 'Hola', suggestions: replies(1), card: CARD }];
    stubWebhook({ reply: () => jsonResponse(items) });
    const chat = store();
    await chat.sendMessage('hola');
    const [reply] = bots(chat.getState().messages);
    expect(reply).toMatchObject({ text: JSON.stringify(items, null, 2) });
    expect(reply).not.toHaveProperty('suggestions');
    expect(reply).not.toHaveProperty('card');
  });

  it('applies a stream’s end metadata to the message of that run only', async () => {
    const end = (nodeId: string, runIndex: number, extra: Record<string, unknown>) => {
      const line = chunk('end', nodeId, runIndex);
      return { ...line, metadata: { ...(line.metadata as object), ...extra } };
    };
    stubWebhook({
      reply: () =>
        streamResponse([
          ndjson([
            chunk('begin', 'agent', 0),
            chunk('begin', 'tool', 0),
            // Metadata on other lines than `end` is not read.
            {
              ...chunk('item', 'agent', 0, 'Agente'),
              metadata: { nodeId: 'agent', runIndex: 0, suggestions: replies(3) },
            },
            chunk('item', 'tool', 0, 'Herramienta'),
            end('agent', 0, { suggestions: replies(2), card: CARD }),
            end('tool', 0, { suggestions: 'no', card: { title: 'sin filas' } }),
            chunk('begin', 'agent', 0),
            chunk('item', 'agent', 0, 'Segunda parte'),
            end('agent', 0, { suggestions: replies(1) }),
          ]),
        ]),
    });
    const chat = store({ enableStreaming: true });
    await chat.sendMessage('hola');
    const shown = bots(chat.getState().messages).map((message) =>
      message.type === 'text'
        ? [message.text, message.suggestions?.length, message.card?.title]
        : message,
    );
    expect(shown).toEqual([
      ['Agente', 2, 'Resumen de tu cita'],
      ['Herramienta', undefined, undefined],
      ['Segunda parte', 1, undefined],
    ]);
  });

  it('applies the fields of a JSON answer to a streaming request that gets one', async () => {
    stubWebhook({ reply: () => jsonResponse({ output: 'Hola', suggestions: replies(2) }) });
    const chat = store({ enableStreaming: true });
    await chat.sendMessage('hola');
    expect(bots(chat.getState().messages)).toMatchObject([
      { text: 'Hola', suggestions: replies(2) },
    ]);
  });

  it('never gives history messages any, whatever the stored items hold', async () => {
    window.localStorage.setItem('n8n-chat/sessionId', 'known');
    const item = {
      ...historyItem('AIMessage', 'Tu cita'),
      suggestions: replies(2),
      card: CARD,
    };
    item.kwargs = { ...item.kwargs, suggestions: replies(2), card: CARD } as typeof item.kwargs;
    stubWebhook({ history: () => jsonResponse({ data: [item] }) });
    const chat = store({ loadPreviousSession: true });
    await chat.start();
    expect(chat.getState().messages).toStrictEqual([
      { id: '0', type: 'text', sender: 'bot', text: 'Tu cita' },
    ]);
  });

  it('drops them from a messageHistory given by the host', () => {
    const chat = store({
      messageHistory: [
        { id: 'h1', sender: 'bot', text: 'Tu cita', suggestions: replies(1), card: CARD },
      ],
    });
    expect(chat.getState().messages).toStrictEqual([
      { id: 'h1', type: 'text', sender: 'bot', text: 'Tu cita' },
    ]);
  });

  it('never gives live-channel (staff) messages any', async () => {
    const sockets = installFakeSocket();
    stubWebhook({ reply: () => jsonResponse({ executionStarted: true, executionId: 'e1' }) });
    const chat = store();
    await chat.sendMessage('hola');
    const socket = sockets[0];
    if (!socket) throw new Error('no live channel opened');
    socket.accept();
    socket.receive(JSON.stringify({ output: 'Soy Lucía', suggestions: replies(2), card: CARD }));
    socket.receive(
      JSON.stringify({ type: 'message', text: 'Te atiendo', suggestions: replies(2), card: CARD }),
    );
    const staff = bots(chat.getState().messages);
    expect(staff).toHaveLength(2);
    for (const reply of staff) {
      expect(reply).not.toHaveProperty('suggestions');
      expect(reply).not.toHaveProperty('card');
    }
    expect(staff[1]).toMatchObject({ text: 'Te atiendo' });
  });
});
