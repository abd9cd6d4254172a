/**
 * Small scanners shared by the block parser (link reference definitions) and the inline parser
 * (inline links): link labels, destinations, titles, escapes. Each one walks forward from a
 * position and gives up early (at a line ending, a nested opener, a length or nesting limit), so
 * none of them can be made to rescan the text over and over.
 */
import type { Work } from './blocks';
import { decodeEntity, ENTITY } from './entities';

/** Longest link label CommonMark allows. */
const MAX_LABEL = 999;
/** Deepest parenthesis nesting inside a bare link destination (CommonMark allows a limit). */
const MAX_PARENS = 32;

/** ASCII punctuation, the characters a backslash can escape. */
export function isAsciiPunct(c: number): boolean {
  return (
    (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
  );
}

const ESCAPE = new RegExp(`\\\\([!-/:-@[-\`{-~])|${ENTITY.source}`, 'g');

/** Resolves backslash escapes and character references (for destinations, titles, info strings). */
export function unescape(s: string): string {
  if (!s.includes('\\') && !s.includes('&')) return s;
  return s.replace(
    ESCAPE,
    (match, escaped?: string, hex?: string, dec?: string, name?: string) =>
      escaped ?? decodeEntity(hex, dec, name) ?? match,
  );
}

/** Link label matching: Unicode case fold (approximated by lower then upper case), one space. */
export function normalizeLabel(label: string): string {
  const collapsed = label.replace(/[ \t\r\n]+/g, ' ');
  const start = collapsed.startsWith(' ') ? 1 : 0;
  const end = collapsed.endsWith(' ') ? collapsed.length - 1 : collapsed.length;
  return collapsed.slice(start, Math.max(start, end)).toLowerCase().toUpperCase();
}

/** Skips spaces and tabs and at most one line ending. */
export function skipSpace(s: string, p: number): number {
  let newline = false;
  for (;;) {
    const c = s.charCodeAt(p);
    if (c === 32 || c === 9) p++;
    else if (c === 10 && !newline) {
      newline = true;
      p++;
    } else return p;
  }
}

/**
 * A link label `[...]` starting at `p`: the position after its `]`, or -1. It may not contain
 * an unescaped `[` and holds at most 999 characters. Each scanner adds the characters it looked
 * at to `work.steps`.
 */
export function scanLabel(s: string, p: number, work: Work): number {
  if (s.charCodeAt(p) !== 91) return -1;
  const limit = Math.min(s.length, p + MAX_LABEL + 2);
  let i = p + 1;
  for (; i < limit; i++) {
    const c = s.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 91) break;
    else if (c === 93) {
      work.steps += i - p;
      return i + 1;
    }
  }
  work.steps += i - p;
  return -1;
}

/** A destination and the position after it, or `null`. */
export function scanDest(s: string, p: number, work: Work): [string, number] | null {
  let i = p + 1;
  if (s.charCodeAt(p) === 60) {
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 92 && isAsciiPunct(s.charCodeAt(i + 1))) i++;
      else if (c === 62 || c === 60 || c === 10) break;
    }
    work.steps += i - p;
    return s.charCodeAt(i) === 62 ? [unescape(s.slice(p + 1, i)), i + 1] : null;
  }
  let depth = 0;
  i = p;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 92 && isAsciiPunct(s.charCodeAt(i + 1))) i++;
    else if (c === 40) {
      if (++depth > MAX_PARENS) {
        work.steps += i - p;
        return null;
      }
    } else if (c === 41) {
      if (depth === 0) break;
      depth--;
    } else if (c <= 32 || c === 127) break;
  }
  work.steps += i - p;
  return i === p || depth !== 0 ? null : [unescape(s.slice(p, i)), i];
}

/** A title in `"…"`, `'…'` or `(…)` and the position after it, or `null`. */
export function scanTitle(s: string, p: number, work: Work): [string, number] | null {
  const open = s.charCodeAt(p);
  const close = open === 40 ? 41 : open;
  if (open !== 34 && open !== 39 && open !== 40) return null;
  let i = p + 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 92 && isAsciiPunct(s.charCodeAt(i + 1))) i++;
    else if (c === close || (c === 40 && open === 40)) break;
  }
  work.steps += i - p;
  return s.charCodeAt(i) === close && i < s.length ? [unescape(s.slice(p + 1, i)), i + 1] : null;
}
