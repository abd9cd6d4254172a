/**
 * The chat store: one per widget instance, holding the conversation, the session, the window
 * state and the instance's event emitter, with the actions that change them. Components read it
 * through `subscribe` and `getState` (React's `useSyncExternalStore`); nothing here is shared
 * between instances and nothing here renders.
 *
 * Session rules (REQUIREMENTS W2, with `@n8n/chat`'s defects fixed, docs/PROTOCOL.md §9):
 * - `start()` loads the history of the stored session id (or `options.sessionId`, or a fresh id
 *   when there is neither) and adopts the session only when that history has messages
 *   (`messageHistory` is kept otherwise).
 * - With no session, the welcome screen shows when enabled; otherwise a new session starts.
 * - A failed history request starts a new session (so the input appears) and is reported in
 *   `historyError`.
 * - `startNewSession()` really starts a new conversation: fresh id, empty list, pending requests
 *   and the live channel dropped.
 * - A failed send leaves the user's message (and its files) in place and adds an error message
 *   with a retry.
 *
 * Replies arrive whole, as a stream (`enableStreaming`), or over the live channel that an
 * `{executionStarted, executionId}` reply opens; while that channel waits for the user's answer
 * (`waitingForChatResponse`), the next message goes over it instead of HTTP.
 */
import * as api from './api';
import { createEmitter, type Emitter } from './events';
import { replyExtras } from './extras';
import { createFrameBatcher } from './frame';
import { isRecord } from './json';
import { attachInputHistory } from './inputHistory';
import { liveChannelUrl, liveReply, openLiveChannel, type LiveChannel } from './live';
import type { ChatErrorMessage, ChatEventMessage, ChatMessage, ChatTextMessage } from './messages';
import { translate, type ChatOptions, type ChatStringKey } from './options';
import { blocksInput, botPayload } from './payload';
import { samePerson, type ChatPerson, type PresenceEvent } from './presence';
import { createSessionIdStorage, newId } from './session';
import { createRunGrouper, readStream } from './stream';

/** A problem shown to the user: a sentence in the widget's language, and the details. */
export interface ChatNotice {
  text: string;
  detail?: string;
}

/** Everything a widget instance shows. Replaced, never mutated, on every change. */
export interface ChatState {
  /** The conversation (the configured initial messages are not part of it). */
  messages: readonly ChatMessage[];
  /** The session the conversation belongs to; `null` until one is adopted or started. */
  currentSessionId: string | null;
  /** A reply is pending: the typing indicator shows and sending is disabled. */
  waitingForResponse: boolean;
  /** The live channel waits for the user's answer: the next message goes over it. */
  waitingForChatResponse: boolean;
  /** A `with-buttons` message asked to block the input until one of its buttons is used. */
  blockUserInput: boolean;
  /** `idle` before `start()`, `loading` while the previous session loads, then `ready`. */
  phase: 'idle' | 'loading' | 'ready';
  /** Why the previous conversation could not be loaded, when it could not. */
  historyError: ChatNotice | null;
  /** Whether the chat window is open (always `true` in fullscreen mode). */
  isOpen: boolean;
  /**
   * The member of the team who has the conversation (docs/PROTOCOL.md §4.8): while there is one,
   * nobody is awaited after the visitor's message (a person answers when they can), and the
   * header names them.
   */
  person: ChatPerson | null;
  /** That person is writing to the visitor now. */
  personTyping: boolean;
}

/** The events of a widget instance, with their payloads. */
export interface ChatEventMap {
  /** The window opened. */
  open: undefined;
  /** The window closed. */
  close: undefined;
  /** A new conversation started, with this session id. */
  sessionStarted: string;
  /** The user's message was added to the conversation and is being sent. */
  messageSent: ChatTextMessage;
  /** A bot message arrived (for a stream: its run ended). */
  messageReceived: ChatMessage;
  /** A message could not be sent; the error message offers a retry. */
  error: ChatErrorMessage;
  /** Asks the view to show the newest message. */
  scrollToBottom: undefined;
  /** Asks the input to take the focus. */
  focusInput: undefined;
  /** Asks the input to give up the focus. */
  blurInput: undefined;
  /** Asks the input to show this text (and take the focus). */
  setInputValue: string;
  /** ArrowUp or ArrowDown was pressed in the input, which holds `currentInputValue`. */
  arrowKeyDown: { key: 'ArrowUp' | 'ArrowDown'; currentInputValue: string };
  /** Escape was pressed in the input, which holds `currentInputValue`. */
  escapeKeyDown: { currentInputValue: string };
}

/**
 * A widget instance's state and actions. The actions are plain functions bound to their store,
 * so they can be passed around as callbacks.
 */
export interface ChatStore {
  /** The merged options this store was created with. */
  readonly options: ChatOptions;
  /** The instance's events. */
  readonly events: Emitter<ChatEventMap>;
  /** The current state; the same object until something changes. */
  getState: () => ChatState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** A UI string in the widget's language, with `{name}` placeholders filled from `values`. */
  t: (key: ChatStringKey, values?: Record<string, string | number>) => string;
  /**
   * Runs the mount routine once (loads the previous session, starts one when needed); again
   * after a `stop()` that interrupted it.
   */
  start: () => Promise<void>;
  /** Cancels pending requests and closes the live channel (the widget left the page). */
  stop: () => void;
  /**
   * Loads the history of the stored session id (or `options.sessionId`, or a fresh id) and adopts
   * that session when the history has messages. Resolves to the adopted id, or `null`.
   */
  loadPreviousSession: () => Promise<string | null>;
  /** Starts a new, empty conversation with a fresh session id, stores it and returns it. */
  startNewSession: () => string;
  /** Adds the user's message and sends it; the reply, or an error with a retry, follows. */
  sendMessage: (text: string, files?: readonly File[]) => Promise<void>;
  /** Sends the message behind an error message again. */
  retry: (errorMessageId: string) => Promise<void>;
  /** Opens the window. */
  open: () => void;
  /** Closes the window (fullscreen mode stays open). */
  close: () => void;
  /** Opens the window when closed, closes it when open. */
  toggle: () => void;
  /**
   * Called by the message input when it mounts: returns the `focusInput` / `setInputValue`
   * request made while no input existed (before the first render, before the session started),
   * once, and from then on leaves those events to the input until `release` is called.
   */
  connectInput: () => { request: InputRequest | null; release: () => void };
  /** Cancels pending requests, closes the live channel and stops notifying listeners. */
  dispose: () => void;
}

/** What the host asked of the input before it existed: the focus, and maybe a text. */
export interface InputRequest {
  value?: string;
}

/** How long "{name} está escribiendo…" stays after the person's last word that they write. */
export const PERSON_TYPING_MS = 6000;

/** A line about the conversation itself (a person joined or left), nobody's message. */
function eventLine(text: string, person: ChatPerson): ChatEventMessage {
  return { id: newId(), type: 'event', sender: 'bot', text, person };
}

const DETAIL_KEYS = {
  network: 'errorNetwork',
  status: 'errorStatus',
  html: 'errorHtml',
  unreadable: 'errorUnreadable',
  file: 'errorFile',
  live: 'errorLive',
} as const;

/** Creates the store of one widget instance. Has no side effects until an action runs. */
export function createChatStore(options: ChatOptions): ChatStore {
  const storage = createSessionIdStorage(options.storageNamespace);
  const listeners = new Set<() => void>();
  const events = createEmitter<ChatEventMap>();
  // Aborted when the conversation changes or the widget goes away.
  let session = new AbortController();
  let disposed = false;
  let state: ChatState = {
    // History is text only: quick replies and cards given with it are dropped.
    messages: (options.messageHistory ?? []).map((message): ChatMessage => {
      if (message.type === 'component') return { ...message };
      const text: ChatTextMessage = { ...message, type: 'text' };
      delete text.suggestions;
      delete text.card;
      return text;
    }),
    currentSessionId: null,
    waitingForResponse: false,
    waitingForChatResponse: false,
    blockUserInput: false,
    phase: 'idle',
    historyError: null,
    isOpen: options.mode === 'fullscreen',
    person: null,
    personTyping: false,
  };
  let started: Promise<void> | null = null;
  let pending = 0;
  let live: LiveChannel | null = null;
  // The live channel owes a reply to this message.
  let liveAwaits: ChatTextMessage | null = null;
  // Streamed text not shown yet, by message id: chunks arriving within one frame are shown
  // together, so the cost of a chunk is a string append, not a render.
  const streamed = new Map<string, string>();
  const frames = createFrameBatcher(showStreamed);
  // Ends "{name} está escribiendo…" when the person has said nothing more for a while.
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  function setState(patch: Partial<ChatState>): void {
    if (disposed) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  /** Recomputes the waiting flag from the requests in flight and the live channel. */
  function settle(): void {
    setState({ waitingForResponse: pending > 0 || liveAwaits !== null });
  }

  /** Appends messages to the conversation, unless the user has left it since. */
  function add(sessionId: string, ...messages: ChatMessage[]): void {
    if (state.currentSessionId === sessionId)
      setState({ messages: [...state.messages, ...messages] });
  }

  function replace(id: string, next: ChatMessage): void {
    setState({ messages: state.messages.map((message) => (message.id === id ? next : message)) });
  }

  /** Shows the streamed text received since the last frame. */
  function showStreamed(): void {
    if (streamed.size === 0) return;
    const texts = new Map(streamed);
    streamed.clear();
    setState({
      messages: state.messages.map((message) => {
        const text = message.type === 'text' ? texts.get(message.id) : undefined;
        return text === undefined ? message : { ...message, text };
      }),
    });
  }

  const t = (key: ChatStringKey, values?: Record<string, string | number>): string =>
    translate(options, key, values);

  function detailOf(error: unknown): string | undefined {
    if (!(error instanceof api.ChatApiError)) return undefined;
    const { kind, serverMessage, status } = error;
    if (kind === 'file') return t('errorFile', { reason: serverMessage ?? t('unknownError') });
    return serverMessage ?? t(DETAIL_KEYS[kind], { status: status ?? '' });
  }

  function notice(key: ChatStringKey, error: unknown): ChatNotice {
    const detail = detailOf(error);
    return detail === undefined ? { text: t(key) } : { text: t(key), detail };
  }

  function fail(message: ChatTextMessage, error: unknown, sessionId: string): void {
    console.error('Chat API error:', error);
    // What arrived of a run cut short stays visible.
    frames.flush();
    const failure: ChatErrorMessage = {
      id: newId(),
      type: 'error',
      sender: 'bot',
      retryOf: message.id,
      ...notice('sendError', error),
    };
    // A run cut short by the failure is no longer streaming.
    setState({
      messages: state.messages.map((item) =>
        item.type === 'text' && item.streaming ? { ...item, streaming: false } : item,
      ),
    });
    add(sessionId, failure);
    events.emit('error', failure);
  }

  async function after(text: string, response: unknown): Promise<void> {
    try {
      await options.afterMessageSent?.(text, response);
    } catch (error) {
      console.error('afterMessageSent failed:', error);
    }
  }

  async function loadPreviousSession(): Promise<string | null> {
    if (!options.loadPreviousSession) return null;
    // With no id yet, a fresh one is asked about, as `@n8n/chat` does: a workflow that keys its
    // memory on the metadata (the signed-in user) may still have a conversation to give back.
    const id = options.sessionId ?? storage.read() ?? newId();
    const history = await api.loadPreviousSession(options, id, session.signal);
    if (history.messages.length === 0) return null;
    storage.write(id);
    setState({
      messages: history.messages,
      currentSessionId: id,
      person: history.person ?? null,
    });
    return id;
  }

  /** Drops what belongs to the current conversation's connection: requests, live channel. */
  function cut(): void {
    clearTimeout(typingTimer);
    frames.cancel();
    streamed.clear();
    session.abort();
    session = new AbortController();
    live?.close();
    live = liveAwaits = null;
  }

  function begin(keepMessages: boolean): string {
    cut();
    // A host-provided id names the first conversation; every later one gets a fresh id.
    const id =
      state.currentSessionId === null && options.sessionId !== undefined
        ? options.sessionId
        : newId();
    storage.write(id);
    setState({
      currentSessionId: id,
      messages: keepMessages ? state.messages : [],
      historyError: null,
      waitingForChatResponse: false,
      blockUserInput: false,
      person: null,
      personTyping: false,
    });
    settle();
    events.emit('sessionStarted', id);
    return id;
  }

  async function run(): Promise<void> {
    const { signal } = session;
    setState({ phase: 'loading' });
    try {
      await loadPreviousSession();
    } catch (error) {
      if (signal.aborted) return;
      begin(true);
      setState({ historyError: notice('historyError', error), phase: 'ready' });
      return;
    }
    // A conversation given in `messageHistory` is shown rather than the welcome screen.
    if (signal.aborted) return;
    if (
      state.currentSessionId === null &&
      (!options.showWelcomeScreen || state.messages.length > 0)
    ) {
      begin(true);
    }
    setState({ phase: 'ready' });
  }

  /** Sends a user message over HTTP and shows the reply. */
  async function deliver(message: ChatTextMessage, sessionId: string): Promise<void> {
    const { signal } = session;
    const { text } = message;
    pending += 1;
    settle();
    try {
      await options.beforeMessageSent?.(text);
      const response = await api.sendMessage(
        options,
        { sessionId, text, files: message.files, stream: options.enableStreaming },
        signal,
      );
      let body = options.enableStreaming
        ? await stream(response, text, sessionId)
        : await api.readReply(response);
      // A trigger that streams although the widget did not ask for it (n8n #19456).
      if (typeof body === 'string' && /^\s*\{"type":"(begin|item)"/.test(body)) {
        body = await stream(new Response(body), text, sessionId);
      }
      if (body === undefined || signal.aborted) return;
      if (isRecord(body) && body.executionStarted) {
        const { executionId, resumeToken } = body;
        if (
          (typeof executionId === 'string' || typeof executionId === 'number') &&
          executionId !== ''
        ) {
          connect(
            String(executionId),
            typeof resumeToken === 'string' ? resumeToken : undefined,
            message,
            sessionId,
          );
        }
        return;
      }
      // An answer over HTTP is the assistant's: a person's conversation is answered live.
      if (state.person) personLeft(sessionId);
      const reply: ChatTextMessage = {
        id: newId(),
        type: 'text',
        sender: 'bot',
        text: api.replyText(body),
        ...replyExtras(body),
      };
      add(sessionId, reply);
      events.emit('messageReceived', reply);
      await after(text, body);
    } catch (error) {
      if (!signal.aborted) fail(message, error, sessionId);
    } finally {
      pending -= 1;
      settle();
    }
  }

  /**
   * Renders a streamed reply. Resolves to the body when it turned out not to be a stream (to be
   * shown like a normal reply), else to `undefined`.
   */
  async function stream(response: Response, text: string, sessionId: string): Promise<unknown> {
    const created: string[] = [];
    const runs = createRunGrouper(
      {
        create() {
          const id = newId();
          created.push(id);
          add(sessionId, { id, type: 'text', sender: 'bot', text: '', streaming: true });
          return id;
        },
        update(id, runText) {
          streamed.set(id, runText);
          frames.request();
        },
        async complete(id, runText, extras) {
          // The final text is shown at once, whether or not a frame came (a background tab).
          streamed.delete(id);
          let message = botPayload(id, runText, false);
          if (message.type === 'text') message = { ...message, ...extras };
          replace(id, message);
          events.emit('messageReceived', message);
          if (message.type === 'component') {
            if (blocksInput(message)) setState({ blockUserInput: true });
            return;
          }
          await after(text, { message, hasReceivedChunks: true });
        },
      },
      (content) => t('streamError', { reason: content ?? t('unknownError') }),
    );
    const outcome = await readStream(response, runs.handle, t('errorHtml'));
    if (outcome.body !== undefined) {
      for (const id of created) streamed.delete(id);
      setState({ messages: state.messages.filter((message) => !created.includes(message.id)) });
      return outcome.body;
    }
    await runs.finish();
    let placeholder: ChatTextMessage | undefined;
    if (!outcome.received) {
      placeholder = { id: newId(), type: 'text', sender: 'bot', text: t('noResponse') };
      add(sessionId, placeholder);
      events.emit('messageReceived', placeholder);
    }
    await after(text, { message: placeholder ?? '', hasReceivedChunks: outcome.received });
    return undefined;
  }

  /** Opens the live channel of an execution; replies to `trigger` arrive over it. */
  function connect(
    executionId: string,
    token: string | undefined,
    trigger: ChatTextMessage,
    sessionId: string,
  ): void {
    live?.close();
    liveAwaits = trigger;
    settle();
    let channel: LiveChannel;
    try {
      channel = openLiveChannel(liveChannelUrl(options.webhookUrl, sessionId, executionId, token), {
        message(frame) {
          const message = botPayload(newId(), frame, true);
          liveAwaits = null;
          clearTimeout(typingTimer);
          add(sessionId, message);
          setState({
            waitingForChatResponse: true,
            blockUserInput: blocksInput(message),
            personTyping: false,
          });
          settle();
          events.emit('messageReceived', message);
        },
        presence(event) {
          presenceChanged(sessionId, event);
        },
        resume() {
          liveAwaits ??= trigger;
          setState({ waitingForChatResponse: false });
          settle();
        },
        closed(failed) {
          const owed = liveAwaits;
          if (live === channel) live = null;
          liveAwaits = null;
          setState({ waitingForChatResponse: false, blockUserInput: false });
          settle();
          if (failed && owed)
            fail(owed, new api.ChatApiError('live', 'The live channel failed.'), sessionId);
        },
      });
    } catch (error) {
      liveAwaits = null;
      settle();
      fail(
        trigger,
        new api.ChatApiError('live', 'The live channel could not be opened.', { cause: error }),
        sessionId,
      );
      return;
    }
    live = channel;
  }

  /**
   * Who of the team answers changed. A person answers when they can: the visitor awaits nothing
   * and goes on writing over the channel.
   */
  function presenceChanged(sessionId: string, event: PresenceEvent): void {
    if (state.currentSessionId !== sessionId) return;
    clearTimeout(typingTimer);
    if (event.event === 'left') {
      personLeft(sessionId);
      return;
    }
    const { person } = event;
    if (!samePerson(state.person, person) && event.event === 'joined') {
      add(sessionId, eventLine(t('personJoined', { name: person.name }), person));
    }
    liveAwaits = null;
    const typing = event.event === 'typing';
    setState({ person, personTyping: typing, waitingForChatResponse: live !== null });
    settle();
    if (typing) {
      typingTimer = setTimeout(() => {
        setState({ personTyping: false });
      }, PERSON_TYPING_MS);
    }
  }

  /** The person who had the conversation left it (to the assistant). */
  function personLeft(sessionId: string): void {
    clearTimeout(typingTimer);
    const { person } = state;
    if (person) add(sessionId, eventLine(t('personLeft', { name: person.name }), person));
    setState({ person: null, personTyping: false });
  }

  /** Sends the user's answer over the live channel. */
  async function answer(
    channel: LiveChannel,
    message: ChatTextMessage,
    sessionId: string,
  ): Promise<void> {
    // A person answers when they can: nothing is awaited, and the channel takes the next one.
    const awaited = state.person === null;
    liveAwaits = awaited ? message : null;
    setState({ waitingForChatResponse: !awaited });
    settle();
    try {
      const frame = await liveReply(sessionId, message.text, message.files ?? []);
      if (!channel.send(frame)) throw new api.ChatApiError('live', 'The live channel is closed.');
    } catch (error) {
      liveAwaits = null;
      settle();
      fail(message, error, sessionId);
    }
  }

  /** Sends over the live channel when it waits for an answer, else over HTTP. */
  function dispatch(message: ChatTextMessage, sessionId: string): Promise<void> {
    return live && state.waitingForChatResponse
      ? answer(live, message, sessionId)
      : deliver(message, sessionId);
  }

  function start(): Promise<void> {
    started ??= run();
    return started;
  }

  // Input requests made while no input is mounted wait for it (the host may call `focusInput` or
  // `setInputValue` right after `createChat`, before anything rendered or a session started).
  let inputs = 0;
  let inputRequest: InputRequest | null = null;
  events.on('focusInput', () => {
    if (inputs === 0) inputRequest ??= {};
  });
  events.on('setInputValue', (value) => {
    if (inputs === 0) inputRequest = { value };
  });
  events.on('blurInput', () => {
    if (inputs === 0) inputRequest = null;
  });

  attachInputHistory(events, () =>
    state.messages
      .filter((message) => message.sender === 'user')
      .map((message) => (message.type === 'text' ? message.text : '')),
  );

  function setOpen(isOpen: boolean): void {
    if (state.isOpen === isOpen) return;
    setState({ isOpen });
    events.emit(isOpen ? 'open' : 'close');
  }

  return {
    options,
    events,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    t,
    start,
    stop: () => {
      cut();
      // An interrupted mount routine runs again on the next start.
      if (state.phase !== 'ready') started = null;
      setState({ waitingForChatResponse: false, blockUserInput: false });
      settle();
    },
    loadPreviousSession,
    startNewSession: () => begin(false),
    sendMessage: async (text, files = []) => {
      // A message sent before the widget started waits for the previous session to load.
      await start();
      const sessionId = state.currentSessionId ?? begin(true);
      const message: ChatTextMessage = { id: newId(), type: 'text', sender: 'user', text };
      if (files.length > 0) message.files = [...files];
      add(sessionId, message);
      events.emit('messageSent', message);
      events.emit('scrollToBottom');
      await dispatch(message, sessionId);
    },
    retry: async (errorMessageId) => {
      const failed = state.messages.find(
        (message): message is ChatErrorMessage =>
          message.id === errorMessageId && message.type === 'error',
      );
      const original = state.messages.find(
        (message): message is ChatTextMessage =>
          message.id === failed?.retryOf && message.type === 'text',
      );
      const sessionId = state.currentSessionId;
      if (!failed || !original || sessionId === null) return;
      setState({ messages: state.messages.filter((message) => message !== failed) });
      await dispatch(original, sessionId);
    },
    open: () => {
      setOpen(true);
    },
    close: () => {
      setOpen(options.mode === 'fullscreen');
    },
    toggle: () => {
      setOpen(options.mode === 'fullscreen' || !state.isOpen);
    },
    connectInput: () => {
      inputs += 1;
      const request = inputRequest;
      inputRequest = null;
      let connected = true;
      return {
        request,
        release: () => {
          if (connected) inputs -= 1;
          connected = false;
        },
      };
    },
    dispose: () => {
      cut();
      disposed = true;
      listeners.clear();
    },
  };
}
