/**
 * Who of the team answers the visitor (docs/PROTOCOL.md §4.8): presence frames on the live
 * channel, which the server sends only to a widget that asked for them (`presence=true` in the
 * channel's URL), and the `person` a history answer names. Checked here once, as they arrive:
 * what breaks a rule is left out without a word, like a reply's extras.
 */
import { safeUrl } from '../markdown/url';
import { isRecord } from './json';

/** A member of the team as the visitor sees them. */
export interface ChatPerson {
  /** The first name. */
  name: string;
  /** A picture's URL (http, https or the page's own origin). */
  picture?: string;
}

/** What changed in who answers: a person joined (or is named again), is writing, or left. */
export type PresenceEvent = { event: 'joined' | 'typing'; person: ChatPerson } | { event: 'left' };

/** The longest name shown (characters). */
export const MAX_PERSON_NAME = 80;

/** `value` as a person, when it is one: a name that is not blank, and a safe picture URL. */
export function chatPerson(value: unknown): ChatPerson | undefined {
  if (!isRecord(value) || typeof value.name !== 'string') return undefined;
  const name = value.name.trim();
  if (name === '' || Array.from(name).length > MAX_PERSON_NAME) return undefined;
  const picture = typeof value.picture === 'string' ? safeUrl(value.picture, true) : null;
  return picture ? { name, picture } : { name };
}

/** A live frame as a presence event, when it is one (`{"type": "presence", "event", ...}`). */
export function presenceEvent(frame: string): PresenceEvent | undefined {
  if (!frame.startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.type !== 'presence') return undefined;
  if (value.event === 'left') return { event: 'left' };
  if (value.event !== 'joined' && value.event !== 'typing') return undefined;
  const person = chatPerson(value.person);
  return person && { event: value.event, person };
}

/** Whether two people are the same one, as the visitor sees them. */
export function samePerson(a: ChatPerson | null, b: ChatPerson | null): boolean {
  return a?.name === b?.name && a?.picture === b?.picture;
}
