/**
 * Quick replies and summary cards (docs/PROTOCOL.md §10): optional `suggestions` and `card` that a
 * reply may carry beside its text, at the top level of a JSON answer or in a stream's `end`
 * metadata. n8n's own widget ignores them. Everything is checked here, once, as it arrives: what
 * breaks a rule is left out without a word, never shown and never thrown.
 *
 * Lengths count characters (code points), as the server does; text must not be blank.
 */
import { isRecord } from './json';
import type { ChatCard, ChatChoice, ChatTextMessage } from './messages';

/** What a reply adds to its bot message. */
export type ReplyExtras = Pick<ChatTextMessage, 'suggestions' | 'card'>;

/** At most this many quick replies are kept; a card keeps at most `MAX_ACTIONS` actions. */
export const MAX_SUGGESTIONS = 12;
export const MAX_ACTIONS = 4;
/** A card with more rows than this is not shown. */
export const MAX_ROWS = 12;
/** The longest a card's title and its markdown lead may be. */
export const MAX_TITLE = 120;
export const MAX_LEAD = 2000;

/** How long the two sides of a `{label, value}` pair may be. */
interface PairLimits {
  readonly label: number;
  readonly value: number;
}

/** A quick reply (or a card's action): the button's label and the text it sends. */
export const CHOICE_LIMITS: PairLimits = { label: 80, value: 500 };
/** A card's row: its label and its value. */
export const ROW_LIMITS: PairLimits = { label: 80, value: 300 };

/** Whether `text` has at most `max` characters (code points, not UTF-16 units). */
function within(text: string, max: number): boolean {
  return Array.from(text).length <= max;
}

/** Whether `value` is a string with something to show, of at most `max` characters. */
function fits(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim() !== '' && within(value, max);
}

/** `{label, value}` with both strings within their limits. */
function isPair(item: unknown, limits: PairLimits): item is ChatChoice {
  return isRecord(item) && fits(item.label, limits.label) && fits(item.value, limits.value);
}

/**
 * The valid `{label, value}` entries of `list` (within `CHOICE_LIMITS`; others are dropped, never
 * shortened), the first `max` of them. Not a list: none.
 */
export function choices(list: unknown, max: number): ChatChoice[] {
  return (Array.isArray(list) ? list : [])
    .filter((item) => isPair(item, CHOICE_LIMITS))
    .slice(0, max)
    .map(({ label, value }: ChatChoice) => ({ label, value }));
}

/**
 * A card, when `value` is one: a `title` (≤ `MAX_TITLE`), `rows` (a list of at most `MAX_ROWS`
 * rows within `ROW_LIMITS`), an optional markdown `lead` (≤ `MAX_LEAD`) and `actions` kept as
 * quick replies are (at most `MAX_ACTIONS`). A summary is shown whole or not at all: any bad
 * title, lead or row drops the card, and the reply's text is shown instead.
 */
export function summaryCard(value: unknown): ChatCard | undefined {
  if (!isRecord(value)) return undefined;
  const { title, lead, rows, actions } = value;
  if (
    !fits(title, MAX_TITLE) ||
    !Array.isArray(rows) ||
    rows.length > MAX_ROWS ||
    !rows.every((row) => isPair(row, ROW_LIMITS)) ||
    (lead != null && !(typeof lead === 'string' && within(lead, MAX_LEAD)))
  ) {
    return undefined;
  }
  const card: ChatCard = {
    title,
    rows: rows.map(({ label, value: text }: ChatChoice) => ({ label, value: text })),
    actions: choices(actions, MAX_ACTIONS),
  };
  if (typeof lead === 'string' && lead.trim() !== '') card.lead = lead;
  return card;
}

/**
 * The quick replies and card of a reply object (a JSON answer, or a stream's `end` metadata);
 * `undefined` when it has neither. Anything but a plain object (a list of items included, whose
 * text is shown as JSON: see `replyText`) has none.
 */
export function replyExtras(source: unknown): ReplyExtras | undefined {
  if (!isRecord(source)) return undefined;
  let extras: ReplyExtras | undefined;
  const suggestions = choices(source.suggestions, MAX_SUGGESTIONS);
  const card = summaryCard(source.card);
  if (suggestions.length > 0) (extras ??= {}).suggestions = suggestions;
  if (card) (extras ??= {}).card = card;
  return extras;
}
