/**
 * Options from the `data-` attributes of the launcher's `<script>` tag, so a page can embed the
 * chat with one tag and no inline script (which a strict CSP would refuse):
 *
 * ```html
 * <script src="https://YOUR-SERVER/embed/chat.js" data-webhook-url="https://YOUR-SERVER/api/n8n/chat"
 *   data-default-language="es" data-show-welcome-screen data-initial-messages='["¡Hola!"]'></script>
 * ```
 *
 * Each option is `data-` plus its name in kebab case (`showWelcomeScreen` →
 * `data-show-welcome-screen`; the full table is in `README.md`). Booleans are `true` when the
 * attribute is present and empty or `"true"`, `false` when `"false"`; objects and lists are JSON. The tag starts a chat only when it
 * has `data-webhook-url`. An invalid value or an unknown attribute is reported with a console
 * warning and ignored; it never stops the rest of the page or the chat.
 */
import type { EmbedOptions } from './launcher';

type Kind = 'string' | 'boolean' | 'object' | 'list' | 'string-list' | readonly string[];

/** Every option a `data-` attribute can set, and how its text is read. */
export const attributeOptions = {
  webhookUrl: 'string',
  webhookConfig: 'object',
  target: 'string',
  mode: ['window', 'fullscreen'],
  showWindowCloseButton: 'boolean',
  showWelcomeScreen: 'boolean',
  loadPreviousSession: 'boolean',
  sessionId: 'string',
  chatInputKey: 'string',
  chatSessionKey: 'string',
  defaultLanguage: 'string',
  initialMessages: 'string-list',
  starters: 'string-list',
  messageHistory: 'list',
  i18n: 'object',
  theme: 'object',
  colorScheme: ['light', 'dark', 'auto'],
  avatarUrl: 'string',
  enableStreaming: 'boolean',
  metadata: 'object',
  disabled: 'boolean',
  enableMessageActions: 'boolean',
  allowFileUploads: 'boolean',
  allowedFilesMimeTypes: 'string',
  storageNamespace: 'string',
} as const satisfies Partial<Record<keyof EmbedOptions, Kind>>;

type AttributeOption = keyof typeof attributeOptions;

/** What a script tag asks for. */
export interface ScriptTagConfig {
  /** The options its attributes set. */
  options: EmbedOptions;
  /** Whether it asks for a chat at all (it has `data-webhook-url`). */
  autoStart: boolean;
}

/** Reads the options of `element`'s `data-` attributes; `warn` receives every problem. */
export function readScriptTag(
  element: Element,
  warn: (message: string) => void = (message) => {
    console.warn(message);
  },
): ScriptTagConfig {
  const options: Record<string, unknown> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (!name.startsWith('data-')) continue;
    const key = name.slice(5).replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
    if (!Object.hasOwn(attributeOptions, key)) {
      warn(`citabot: ${name} is not an option of the chat; ignored.`);
      continue;
    }
    const result = parse(attributeOptions[key as AttributeOption], value);
    if ('error' in result) warn(`citabot: ${name}="${value}" ignored: ${result.error}.`);
    else options[key] = result.value;
  }
  const autoStart = options.webhookUrl !== undefined;
  if (!autoStart && Object.keys(options).length > 0) {
    warn('citabot: the script tag has chat options but no data-webhook-url; no chat started.');
  }
  return { options, autoStart };
}

function parse(kind: Kind, text: string): { value: unknown } | { error: string } {
  if (typeof kind !== 'string') {
    return kind.includes(text) ? { value: text } : { error: `expected ${kind.join(' or ')}` };
  }
  switch (kind) {
    case 'string':
      return { value: text };
    case 'boolean':
      if (text === '' || text === 'true') return { value: true };
      if (text === 'false') return { value: false };
      return { error: 'expected true, false or no value' };
    case 'object':
    case 'list':
    case 'string-list': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { error: 'not valid JSON' };
      }
      if (kind === 'object') {
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { value }
          : { error: 'expected a JSON object' };
      }
      if (kind === 'list')
        return Array.isArray(value) ? { value } : { error: 'expected a JSON list' };
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? { value }
        : { error: 'expected a JSON list of strings' };
    }
  }
}
