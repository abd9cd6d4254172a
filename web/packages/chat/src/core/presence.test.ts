import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeSocket } from '../test/socket';
import { historyItem, jsonResponse, stubWebhook } from '../test/webhook';
import { mergeOptions, type ChatOptionsInput } from './options';
import { chatPerson, presenceEvent } from './presence';
import { createChatStore, PERSON_TYPING_MS } from './store';

const JAVIER = JSON.stringify({ type: 'presence', event: 'joined', person: { name: 'Javier' } });

/** A Spanish store whose first message is held for staff: the live channel opens. */
async function heldChat(input: ChatOptionsInput = {}) {
  const sockets = installFakeSocket();
  const { requests } = stubWebhook({
    reply: () => jsonResponse({ executionStarted: true, executionId: 'e1', resumeToken: 't' }),
  });
  const chat = createChatStore(
    mergeOptions({
      webhookUrl: 'https://example.com/api/n8n/chat',
      sessionId: 's1',
      loadPreviousSession: false,
      initialMessages: [],
      defaultLanguage: 'es',
      ...input,
    }),
  );
  await chat.sendMessage('quiero hablar con alguien');
  const socket = sockets[0];
  if (!socket) throw new Error('no live channel opened');
  socket.accept();
  const lines = () =>
    chat
      .getState()
      .messages.map((message) => `${message.type}: ${'text' in message ? message.text : ''}`);
  return { chat, socket, sockets, requests, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('presence frames', () => {
  it('reads joined, typing and left, with a person that has a name', () => {
    expect(presenceEvent(JAVIER)).toEqual({ event: 'joined', person: { name: 'Javier' } });
    expect(
      presenceEvent(
        '{"type":"presence","event":"typing","person":{"name":" Lu ","picture":"/p.png"}}',
      ),
    ).toEqual({ event: 'typing', person: { name: 'Lu', picture: '/p.png' } });
    expect(presenceEvent('{"type":"presence","event":"left"}')).toEqual({ event: 'left' });
  });

  it('leaves out what breaks a rule: no name, a long name, an unknown event, not JSON', () => {
    for (const frame of [
      '{"type":"presence","event":"joined","person":{"name":"  "}}',
      `{"type":"presence","event":"joined","person":{"name":"${'a'.repeat(81)}"}}`,
      '{"type":"presence","event":"waved","person":{"name":"Javier"}}',
      '{"type":"message","event":"left"}',
      'Javier se ha unido',
      '{not json',
    ]) {
      expect(presenceEvent(frame)).toBeUndefined();
    }
  });

  it('keeps a picture only when its URL is safe', () => {
    expect(chatPerson({ name: 'Javier', picture: 'javascript:alert(1)' })).toEqual({
      name: 'Javier',
    });
    expect(chatPerson({ name: 'Javier', picture: '//evil.example/p.png' })).toEqual({
      name: 'Javier',
    });
    expect(chatPerson({ name: 'Javier', picture: 'https://cdn.example/j.webp' })).toEqual({
      name: 'Javier',
      picture: 'https://cdn.example/j.webp',
    });
  });
});

describe('a conversation a person of the team has', () => {
  it('says who joined, once, awaits nobody, and sends the next messages over the channel', async () => {
    const { chat, socket, lines, requests } = await heldChat();
    expect(chat.getState().waitingForResponse).toBe(true);
    socket.receive(JAVIER);
    expect(lines()).toEqual([
      'text: quiero hablar con alguien',
      'event: Javier se ha unido a la conversación',
    ]);
    expect(chat.getState()).toMatchObject({
      person: { name: 'Javier' },
      waitingForResponse: false,
      waitingForChatResponse: true,
    });

    // Named again (the next held message): nothing new is said.
    socket.receive(JAVIER);
    expect(lines()).toHaveLength(2);

    await chat.sendMessage('¿tenéis hueco hoy?');
    await chat.sendMessage('es para un corte');
    expect(chat.getState().waitingForResponse).toBe(false);
    expect(socket.sent.filter((frame) => frame.includes('sendMessage'))).toHaveLength(2);
    expect(requests.filter((request) => request.body.action === 'sendMessage')).toHaveLength(1);
  });

  it('shows the person writing for a while, until their message comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { chat, socket } = await heldChat();
    socket.receive(JAVIER);
    socket.receive('{"type":"presence","event":"typing","person":{"name":"Javier"}}');
    expect(chat.getState().personTyping).toBe(true);
    vi.advanceTimersByTime(PERSON_TYPING_MS - 1);
    expect(chat.getState().personTyping).toBe(true);
    vi.advanceTimersByTime(1);
    expect(chat.getState().personTyping).toBe(false);

    socket.receive('{"type":"presence","event":"typing","person":{"name":"Javier"}}');
    socket.receive('**Javier:** Sí, a las 17:00');
    expect(chat.getState().personTyping).toBe(false);
  });

  it('says the person left when the conversation is handed back, and the assistant is awaited again', async () => {
    const { chat, socket, lines } = await heldChat();
    socket.receive(JAVIER);
    socket.receive('{"type":"presence","event":"left"}');
    socket.receive('Te vuelve a atender el asistente de reservas.');
    expect(lines().slice(1)).toEqual([
      'event: Javier se ha unido a la conversación',
      'event: Javier ha salido de la conversación',
      'text: Te vuelve a atender el asistente de reservas.',
    ]);
    expect(chat.getState().person).toBeNull();
    await chat.sendMessage('gracias');
    expect(chat.getState().waitingForResponse).toBe(true);
  });

  it('a new conversation forgets the person', async () => {
    const { chat, socket } = await heldChat();
    socket.receive(JAVIER);
    chat.startNewSession();
    expect(chat.getState().person).toBeNull();
  });
});

describe('a reloaded conversation', () => {
  it('names the person who has it, and offers again what its last reply offered', async () => {
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [
            historyItem('HumanMessage', 'corte el viernes a las 10'),
            historyItem('AIMessage', 'Resumen: corte, viernes 10:00. ¿La confirmo?'),
          ],
          card: {
            title: 'Resumen de tu cita',
            rows: [{ label: 'Servicio', value: 'Corte' }],
            actions: [
              { label: 'Confirmar', value: 'Sí, confírmala' },
              { label: 'Cambiar', value: 'Quiero cambiar algo' },
            ],
          },
          person: { name: 'Javier' },
        }),
    });
    const chat = createChatStore(
      mergeOptions({ webhookUrl: 'https://example.com/api/n8n/chat', sessionId: 's1' }),
    );
    await chat.start();
    const last = chat.getState().messages.at(-1);
    expect(last).toMatchObject({
      sender: 'bot',
      card: {
        title: 'Resumen de tu cita',
        actions: [{ label: 'Confirmar' }, { label: 'Cambiar' }],
      },
    });
    expect(chat.getState().person).toEqual({ name: 'Javier' });
  });

  it('gives taps to the last message only when it is the bot’s', async () => {
    stubWebhook({
      history: () =>
        jsonResponse({
          data: [historyItem('AIMessage', '¿Qué día?'), historyItem('HumanMessage', 'el lunes')],
          suggestions: [{ label: 'Lunes', value: 'el lunes' }],
        }),
    });
    const chat = createChatStore(
      mergeOptions({ webhookUrl: 'https://example.com/api/n8n/chat', sessionId: 's1' }),
    );
    await chat.start();
    expect(chat.getState().messages.every((message) => !('suggestions' in message))).toBe(true);
  });
});
