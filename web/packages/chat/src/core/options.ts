/**
 * Widget options: the `@n8n/chat` option names and defaults, the rules that merge a caller's
 * options over those defaults, and the lookup of UI strings.
 *
 * Owns no state and touches no DOM: everything here is plain data and pure functions.
 */
import type { ChatComponentMessage, ChatTextMessage } from './messages';
import { builtInInitialMessages, builtInStrings, defaultStrings, openChatLabels } from './strings';

export { defaultStrings } from './strings';

/** Where the widget sends every HTTP request and how. */
export interface WebhookConfig {
  /** `POST` sends a JSON body; `GET` sends the same fields as a query string. Default `POST`. */
  method: 'GET' | 'POST';
  /** Extra request headers sent with every request. Default `{}`. */
  headers: Record<string, string>;
}

/**
 * The UI strings. The keys are `@n8n/chat`'s, plus the ones the port needs for labels and
 * errors. `{name}`, `{status}` and `{reason}` in a string are replaced by the value they name.
 */
export interface ChatStrings {
  /** Header title. */
  title: string;
  /** Header subtitle, hidden when empty. */
  subtitle: string;
  /** Footer text, shown only when non-empty. */
  footer: string;
  /** Label of the welcome screen's start button. */
  getStarted: string;
  /** Accessible name of the welcome screen's group of starter chips. */
  starters: string;
  /** Accessible name of the group of quick replies under a bot reply. */
  quickReplies: string;
  /** Placeholder (and accessible name) of the message text area. */
  inputPlaceholder: string;
  /** Label of the header close button and of the toggle button while the window is open. */
  closeButtonTooltip: string;
  /** Tooltip of the "repost" message action. */
  repostButton: string;
  /** Tooltip of the "reuse" message action. */
  reuseButton: string;
  /** Label of the toggle button while the window is closed. */
  openChat: string;
  /** Label of the send button. */
  sendMessage: string;
  /** Label of the button that sends a failed message again. */
  retry: string;
  /** Shown in the chat when a message could not be sent. */
  sendError: string;
  /** Shown when the previous conversation could not be loaded. */
  historyError: string;
  /** Shown in place of an empty bot reply. */
  emptyResponse: string;
  /** Accessible name of the typing indicator. */
  typing: string;
  /** The typing indicator while a member of the team writes (`{name}`). */
  personTyping: string;
  /** Shown when a member of the team joins the conversation (`{name}`). */
  personJoined: string;
  /** Shown when that person hands the conversation back (`{name}`). */
  personLeft: string;
  /** The header's subtitle while a member of the team has the conversation (`{name}`). */
  personAnswers: string;
  /** Who speaks, for screen readers, before the assistant's messages. */
  speakerBot: string;
  /** Who speaks, for screen readers, before the visitor's own messages. */
  speakerUser: string;
  /** Accessible name of the scrollable conversation. */
  conversation: string;
  /** Shown in the conversation while it has no message at all. */
  emptyState: string;
  /** Label of the attach-files button. */
  attachFiles: string;
  /** Label of the button that removes a picked file (`{name}`: the file name). */
  removeFile: string;
  /** Label of a file chip, which opens a preview (`{name}`: the file name). */
  previewFile: string;
  /** Text before the vendor link in the footer. */
  poweredBy: string;
  /** Error detail: the server could not be reached. */
  errorNetwork: string;
  /** Error detail: an error status without a readable message (`{status}`). */
  errorStatus: string;
  /** Error detail: an HTML page (a proxy's error page) came back instead of a reply. */
  errorHtml: string;
  /** Error detail: the streamed reply has no readable body. */
  errorUnreadable: string;
  /** Error detail: an attached file could not be read (`{reason}`). */
  errorFile: string;
  /** Error detail: the live channel failed before any reply arrived. */
  errorLive: string;
  /** A streamed `error` event (`{reason}`: its content, or `unknownError`). */
  streamError: string;
  /** Used by `streamError` when the event carries no content. */
  unknownError: string;
  /** Shown when a stream ends without a single chunk of text. */
  noResponse: string;
}

export type ChatStringKey = keyof ChatStrings;

/** Per-language string tables, keyed by language code (`en`, `es`, ...). */
export type ChatI18n = Record<string, Partial<ChatStrings>>;

/** Free-form data sent as `metadata` with every request. */
export type ChatMetadata = Record<string, unknown>;

/**
 * Metadata as an object, or a function called for every request so that values such as the
 * current date are always fresh.
 */
export type ChatMetadataSource = ChatMetadata | (() => ChatMetadata);

/** A message as `messageHistory` takes it: `@n8n/chat`'s shape, where `type` may be left out. */
export type ChatMessageInput =
  ChatComponentMessage | (Omit<ChatTextMessage, 'type'> & { type?: 'text' });

/** The complete, merged options a widget instance runs with. */
export interface ChatOptions {
  /** Target of every request. Relative URLs resolve against the page. Default `http://localhost:5678`. */
  webhookUrl: string;
  /** Request method and extra headers. */
  webhookConfig: WebhookConfig;
  /** Mount point for `createChat`: a CSS selector or an element. Default `#n8n-chat`. */
  target: string | Element;
  /** `window`: a toggle button and a floating window. `fullscreen`: the chat fills the target. */
  mode: 'window' | 'fullscreen';
  /** In window mode, show a close button in the header (it closes the window). */
  showWindowCloseButton: boolean;
  /** With no session, show a welcome screen whose button starts one. Default `false`. */
  showWelcomeScreen: boolean;
  /** On mount, load the history of the stored session and keep it when it has messages. Default `true`. */
  loadPreviousSession: boolean;
  /** Use this session id instead of the stored one. */
  sessionId?: string;
  /** Request field that carries the user's text. Default `chatInput`. */
  chatInputKey: string;
  /** Request field that carries the session id. Default `sessionId`. */
  chatSessionKey: string;
  /** Key of the `i18n` table to show (`en` and `es` are built in). Default `en`. */
  defaultLanguage: string;
  /**
   * Bot bubbles shown above the conversation (and on the welcome screen); never sent, never
   * stored. Left out, they are the built-in greeting of `defaultLanguage` (`en`: n8n's).
   */
  initialMessages: string[];
  /**
   * The welcome screen's starter chips: tapping one starts a conversation and sends its text.
   * Default none (the welcome screen is `@n8n/chat`'s, a single button).
   */
  starters: string[];
  /**
   * A conversation to show on mount. History loaded from the server replaces it only when that
   * history has messages.
   */
  messageHistory?: readonly ChatMessageInput[];
  /** UI strings per language. */
  i18n: ChatI18n & { en: ChatStrings };
  /** Accepted for compatibility with `@n8n/chat`, which never reads it either. */
  theme: Record<string, unknown>;
  /**
   * `light` (default), `dark`, or `auto` (follows the system's `prefers-color-scheme`). Shown as
   * `data-theme` on the widget root.
   */
  colorScheme: 'light' | 'dark' | 'auto';
  /**
   * A picture for the header's avatar (a salon's logo), shown as an `<img>` inside the round
   * badge instead of the built-in bot icon; a relative URL resolves against the page. Default
   * none: the icon. The icon comes back if the picture cannot be loaded. Not a string of
   * `i18n`: it is the same in every language.
   */
  avatarUrl?: string;
  /** Send with `Accept: text/plain` and render the NDJSON stream as it arrives. Default `false`. */
  enableStreaming: boolean;
  /** Sent as `metadata` with every request, when set. */
  metadata?: ChatMetadataSource;
  /** Disables the text area and the send button. */
  disabled: boolean;
  /**
   * Shows actions on the user's messages: repost (send it again, with its files) and reuse (put
   * its text in the input).
   */
  enableMessageActions: boolean;
  /** Shows the attach button; picked files are sent as multipart `files` parts. Default `false`. */
  allowFileUploads: boolean;
  /** The file picker's `accept` (for example `image/*,application/pdf`). Default: any file. */
  allowedFilesMimeTypes: string;
  /**
   * Awaited after the user's message is shown and before it is sent over HTTP. If it throws, the
   * message fails (and can be retried).
   */
  beforeMessageSent?: (message: string) => void | Promise<void>;
  /**
   * Awaited after a reply: once with the parsed response body (not for `executionStarted`); when
   * streaming, once per completed message with `{message, hasReceivedChunks: true}` and once at
   * the end with `{message, hasReceivedChunks}`. `message` is the user's text.
   */
  afterMessageSent?: (message: string, response?: unknown) => void | Promise<void>;
  /**
   * Namespace of the localStorage key that keeps the session id (`<namespace>/sessionId`).
   * Default `n8n-chat`, shared with `@n8n/chat`; give each widget on a page its own.
   */
  storageNamespace: string;
}

/** What callers pass: every option is optional and the nested objects may be partial. */
export type ChatOptionsInput = Partial<Omit<ChatOptions, 'webhookConfig' | 'i18n'>> & {
  webhookConfig?: Partial<WebhookConfig>;
  i18n?: ChatI18n;
};

/** The defaults the launcher needs, without the string tables. */
const launcherDefaults = {
  target: '#n8n-chat',
  mode: 'window',
  defaultLanguage: 'en',
  colorScheme: 'light',
} as const;

/** The defaults of `@n8n/chat` 1.37.0, plus the port's own options. */
export const defaultOptions: ChatOptions = {
  webhookUrl: 'http://localhost:5678',
  webhookConfig: { method: 'POST', headers: {} },
  target: launcherDefaults.target,
  mode: launcherDefaults.mode,
  showWindowCloseButton: false,
  showWelcomeScreen: false,
  loadPreviousSession: true,
  chatInputKey: 'chatInput',
  chatSessionKey: 'sessionId',
  defaultLanguage: launcherDefaults.defaultLanguage,
  initialMessages: builtInInitialMessages.en,
  starters: [],
  i18n: { en: defaultStrings },
  theme: {},
  colorScheme: launcherDefaults.colorScheme,
  enableStreaming: false,
  disabled: false,
  enableMessageActions: false,
  allowFileUploads: false,
  allowedFilesMimeTypes: '',
  storageNamespace: 'n8n-chat',
};

/**
 * Merges caller options over the defaults the way `@n8n/chat` does: a shallow override, except
 * that `webhookConfig`, `i18n` and `theme` are merged one level deep and the `en` strings key by
 * key. Other languages are used as given. Options passed as `undefined` keep their default;
 * `initialMessages` left out are the built-in greeting of `defaultLanguage` (English otherwise).
 */
export function mergeOptions(input: ChatOptionsInput = {}): ChatOptions {
  const entries: [string, unknown][] = Object.entries(input);
  const defined = Object.fromEntries(
    entries.filter(([, value]) => value !== undefined),
  ) as ChatOptionsInput;
  const language = defined.defaultLanguage ?? defaultOptions.defaultLanguage;
  return {
    ...defaultOptions,
    initialMessages: builtInInitialMessages[language] ?? defaultOptions.initialMessages,
    ...defined,
    webhookConfig: { ...defaultOptions.webhookConfig, ...defined.webhookConfig },
    i18n: {
      ...defaultOptions.i18n,
      ...defined.i18n,
      en: { ...defaultOptions.i18n.en, ...defined.i18n?.en },
    },
    theme: { ...defaultOptions.theme, ...defined.theme },
  };
}

/**
 * The lookup of a UI string: the chosen language's table as given, the built-in table of that
 * language, then English as given and built in. An empty string is a real value.
 */
function lookup(
  i18n: ChatI18n | undefined,
  language: string,
  key: ChatStringKey,
  builtIn: Record<string, Partial<ChatStrings> | undefined>,
): string | undefined {
  return (
    i18n?.[language]?.[key] ?? builtIn[language]?.[key] ?? i18n?.en?.[key] ?? builtIn.en?.[key]
  );
}

/**
 * Looks a UI string up: the chosen language's table, then the built-in table of that language,
 * then English. An empty string is a real value (an empty footer stays empty). `{name}`-style
 * placeholders are replaced from `values`.
 */
export function translate(
  options: ChatOptions,
  key: ChatStringKey,
  values: Record<string, string | number> = {},
): string {
  const text =
    lookup(options.i18n, options.defaultLanguage, key, builtInStrings) ?? defaultStrings[key];
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** What the script-tag launcher shows before the panel (and the string tables) load. */
export interface LauncherOptions {
  target: ChatOptions['target'];
  mode: ChatOptions['mode'];
  colorScheme: ChatOptions['colorScheme'];
  /** The toggle button's label, looked up as `translate` would. */
  openChat: string;
}

/** The launcher's options, with the defaults `mergeOptions` would give them. */
export function launcherOptions(input: ChatOptionsInput): LauncherOptions {
  return {
    target: input.target ?? launcherDefaults.target,
    mode: input.mode ?? launcherDefaults.mode,
    colorScheme: input.colorScheme ?? launcherDefaults.colorScheme,
    openChat:
      lookup(
        input.i18n,
        input.defaultLanguage ?? launcherDefaults.defaultLanguage,
        'openChat',
        openChatLabels,
      ) ?? openChatLabels.en.openChat,
  };
}

/** Resolves the metadata for one request; `undefined` when none is configured. */
export function resolveMetadata(source: ChatMetadataSource | undefined): ChatMetadata | undefined {
  return typeof source === 'function' ? source() : source;
}
