/**
 * Inline markdown: code spans, emphasis, GFM strikethrough, links and images (inline and by
 * reference), autolinks, GFM extended autolinks (www., http(s)://, ftp://, e-mail addresses),
 * backslash escapes, character references, hard and soft line breaks.
 *
 * Output is a small tree of `Inline` nodes; URLs are kept as written (the renderer checks them).
 * Raw HTML is text, except an `<iframe>` whose `src` is a YouTube embed URL (REQUIREMENTS W4,
 * rules 4 and 5), which becomes an `embed` node carrying only the rebuilt URL.
 *
 * Linear time on hostile input: emphasis uses the CommonMark delimiter algorithm with a per-kind
 * lower bound for the opener search; "no links inside links" deactivates earlier brackets with
 * one counter instead of a walk; code spans find their closer in a table of backtick runs built
 * once; scanners stop at line ends, nested openers and length limits.
 */
import { decodeEntities, decodeEntity, ENTITY } from './entities';
import type { LinkDef, Work } from './blocks';
import { isAsciiPunct, scanDest, scanLabel, scanTitle, skipSpace } from './scan';
import { youtubeEmbedSrc } from './url';

export type InlineType =
  'root' | 'text' | 'soft' | 'hard' | 'code' | 'em' | 'strong' | 'del' | 'link' | 'img' | 'embed';

/** A node of the inline tree: children are a linked list from `f` (first) along `n` (next). */
export interface Inline {
  t: InlineType;
  /** Text, code, or the embed URL. */
  v: string;
  dest?: string;
  title?: string;
  f?: Inline;
  l?: Inline;
  n?: Inline;
  p?: Inline;
  u?: Inline;
}

export interface InlineContext {
  gfm: boolean;
  /** Finds a link reference definition by raw label (the caller normalises and tracks it). */
  lookup(label: string): LinkDef | undefined;
  work: Work;
}

interface Delim {
  /** Order of appearance: the opener search compares these, so removed delimiters do no harm. */
  idx: number;
  c: number;
  count: number;
  orig: number;
  node: Inline;
  canOpen: boolean;
  canClose: boolean;
  prev?: Delim;
  next?: Delim;
}

interface Bracket {
  node: Inline;
  /** Index just after the `[`. */
  pos: number;
  img: boolean;
  seq: number;
  after: boolean;
  delim?: Delim;
  prev?: Bracket;
}

const WHITESPACE = /^[\p{Zs}\t\n\f\r]$/u;
const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const ENTITY_AT = new RegExp(ENTITY.source, 'y');
// CommonMark's own definition: no ASCII control characters, spaces, `<` or `>` inside.
// eslint-disable-next-line no-control-regex
const URI_AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20]*)>/y;
const EMAIL_AUTOLINK =
  /<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
const EXTENDED_START = /www\.|https?:\/\/|ftp:\/\//y;
const IFRAME_OPEN = /<iframe(?=[\s/>])/iy;
const IFRAME_CLOSE = /\s*<\/iframe\s*>/iy;
const LOCAL_PART = /[A-Za-z0-9.+_-]/;
const DOMAIN_CHAR = /[A-Za-z0-9_-]/;

function node(t: InlineType, v = ''): Inline {
  // Every field present from the start: one object shape for all nodes.
  return {
    t,
    v,
    dest: undefined,
    title: undefined,
    f: undefined,
    l: undefined,
    n: undefined,
    p: undefined,
    u: undefined,
  };
}

function append(parent: Inline, child: Inline): void {
  child.u = parent;
  child.n = undefined;
  child.p = parent.l;
  if (parent.l) parent.l.n = child;
  else parent.f = child;
  parent.l = child;
}

function unlink(x: Inline): void {
  if (x.p) x.p.n = x.n;
  else if (x.u) x.u.f = x.n;
  if (x.n) x.n.p = x.p;
  else if (x.u) x.u.l = x.p;
  x.p = x.n = x.u = undefined;
}

function insertAfter(ref: Inline, x: Inline): void {
  x.u = ref.u;
  x.p = ref;
  x.n = ref.n;
  if (ref.n) ref.n.p = x;
  else if (ref.u) ref.u.l = x;
  ref.n = x;
}

/** The characters just before `i` and at `j`, whole code points ('\n' at the edges). */
function around(s: string, i: number, j: number): [string, string] {
  const low = s.charCodeAt(i - 1);
  const before =
    i === 0 ? '\n' : low >= 0xdc00 && low <= 0xdfff && i >= 2 ? s.slice(i - 2, i) : s.charAt(i - 1);
  const after = j >= s.length ? '\n' : String.fromCodePoint(s.codePointAt(j) ?? 10);
  return [before, after];
}

class InlineParser {
  private readonly root = node('root');
  private delims?: Delim;
  private brackets?: Bracket;
  private seq = 0;
  /** Brackets (not images) numbered below this may no longer open a link. */
  private linkFloor = 0;
  private ticks?: Map<number, number[]>;
  /** End of the word the last extended autolink attempt looked at. */
  private wordEnd = 0;
  private readonly tickCursor = new Map<number, number>();

  constructor(
    private readonly s: string,
    private readonly ctx: InlineContext,
  ) {}

  /**
   * Each character handler returns the position after what it consumed as nodes, -1 when the
   * character is plain text, or `~end` when everything up to `end` is plain text.
   */
  parse(): Inline {
    const s = this.s;
    const gfm = this.ctx.gfm;
    let i = 0;
    let textStart = 0;
    const flush = (end: number) => {
      if (end > textStart) this.text(s.slice(textStart, end));
    };
    while (i < s.length) {
      const c = s.charCodeAt(i);
      let next = -1;
      switch (c) {
        case 10: {
          let j = i;
          while (j > textStart && s.charCodeAt(j - 1) === 32) j--;
          flush(j);
          append(this.root, node(i - j >= 2 ? 'hard' : 'soft'));
          next = this.skipLeadingSpaces(i + 1);
          break;
        }
        case 92: {
          const d = s.charCodeAt(i + 1);
          if (d === 10) {
            flush(i);
            append(this.root, node('hard'));
            next = this.skipLeadingSpaces(i + 2);
          } else if (isAsciiPunct(d)) {
            flush(i);
            textStart = i + 1;
            i += 2;
            continue;
          }
          break;
        }
        case 96:
          next = this.codeSpan(i, flush);
          break;
        case 42:
        case 95:
        case 126:
          next = this.delimiterRun(i, c, flush);
          break;
        case 91:
        case 33:
          if (c === 91 || s.charCodeAt(i + 1) === 91) {
            flush(i);
            next = this.openBracket(i, c === 33);
          }
          break;
        case 93:
          flush(i);
          next = this.closeBracket(i);
          break;
        case 60:
          next = this.angle(i, flush);
          break;
        case 38: {
          ENTITY_AT.lastIndex = i;
          const m = ENTITY_AT.exec(s);
          const value = m ? decodeEntity(m[1], m[2], m[3]) : undefined;
          if (m && value !== undefined) {
            flush(i);
            this.text(value);
            next = i + m[0].length;
          }
          break;
        }
        case 119:
        case 104:
        case 102:
          if (gfm) next = this.extendedAutolink(i, flush);
          break;
        default:
          break;
      }
      if (next === -1) i++;
      else if (next < 0) i = ~next;
      else i = textStart = next;
    }
    flush(s.length);
    this.processEmphasis(undefined);
    if (gfm) this.linkEmails();
    return this.root;
  }

  private text(v: string): Inline {
    const t = node('text', v);
    append(this.root, t);
    return t;
  }

  private skipLeadingSpaces(i: number): number {
    while (this.s.charCodeAt(i) === 32) i++;
    return i;
  }

  private codeSpan(i: number, flush: (end: number) => void): number {
    const s = this.s;
    let end = i;
    while (s.charCodeAt(end) === 96) end++;
    const n = end - i;
    const closer = this.findTicks(end, n);
    if (closer < 0) return ~end; // the run stays text
    flush(i);
    let code = s.slice(end, closer).replace(/\n/g, ' ');
    if (code.length > 1 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') {
      code = code.slice(1, -1);
    }
    append(this.root, node('code', code));
    return closer + n;
  }

  /** Start of the first run of exactly `n` backticks at or after `from`, or -1. */
  private findTicks(from: number, n: number): number {
    const s = this.s;
    if (!this.ticks) {
      this.ticks = new Map();
      for (let i = 0; i < s.length; i++) {
        if (s.charCodeAt(i) !== 96) continue;
        const start = i;
        while (s.charCodeAt(i + 1) === 96) i++;
        const len = i - start + 1;
        const list = this.ticks.get(len);
        if (list) list.push(start);
        else this.ticks.set(len, [start]);
      }
    }
    const list = this.ticks.get(n);
    if (!list) return -1;
    let k = this.tickCursor.get(n) ?? 0;
    while (k < list.length && (list[k] ?? 0) < from) k++;
    this.tickCursor.set(n, k);
    return list[k] ?? -1;
  }

  private delimiterRun(i: number, c: number, flush: (end: number) => void): number {
    const s = this.s;
    let end = i;
    while (s.charCodeAt(end) === c) end++;
    const count = end - i;
    if (c === 126 && (!this.ctx.gfm || count > 2)) return ~end;
    flush(i);
    const [before, after] = around(s, i, end);
    const wsBefore = WHITESPACE.test(before);
    const wsAfter = WHITESPACE.test(after);
    const pBefore = PUNCTUATION.test(before);
    const pAfter = PUNCTUATION.test(after);
    const left = !wsAfter && (!pAfter || wsBefore || pBefore);
    const right = !wsBefore && (!pBefore || wsAfter || pAfter);
    const canOpen = c === 95 ? left && (!right || pBefore) : left;
    const canClose = c === 95 ? right && (!left || pAfter) : right;
    const t = this.text(s.slice(i, end));
    if (canOpen || canClose) {
      const d: Delim = {
        idx: this.seq++,
        c,
        count,
        orig: count,
        node: t,
        canOpen,
        canClose,
        prev: this.delims,
        next: undefined,
      };
      if (this.delims) this.delims.next = d;
      this.delims = d;
    }
    return end;
  }

  private openBracket(i: number, img: boolean): number {
    const end = i + (img ? 2 : 1);
    const t = this.text(this.s.slice(i, end));
    if (this.brackets) this.brackets.after = true;
    this.brackets = {
      node: t,
      pos: end,
      img,
      seq: this.seq++,
      after: false,
      delim: this.delims,
      prev: this.brackets,
    };
    return end;
  }

  private closeBracket(i: number): number {
    const s = this.s;
    const opener = this.brackets;
    const closeAsText = () => {
      this.text(']');
      return i + 1;
    };
    if (!opener) return closeAsText();
    this.brackets = opener.prev;
    if (!opener.img && opener.seq < this.linkFloor) return closeAsText();

    let dest: string | undefined;
    let title: string | undefined;
    let p = i + 1;
    if (s.charCodeAt(p) === 40) {
      const q = skipSpace(s, p + 1);
      const work = this.ctx.work;
      const d: [string, number] | null = s.charCodeAt(q) === 41 ? ['', q] : scanDest(s, q, work);
      if (d) {
        let r = skipSpace(s, d[1]);
        const t = r > d[1] ? scanTitle(s, r, work) : null;
        if (t) r = skipSpace(s, t[1]);
        if (s.charCodeAt(r) === 41) {
          dest = d[0];
          title = t?.[0];
          p = r + 1;
        }
      }
    }
    if (dest === undefined) {
      const labelEnd = scanLabel(s, p, this.ctx.work);
      let label: string | undefined;
      if (labelEnd > p + 2) label = s.slice(p + 1, labelEnd - 1);
      else if (!opener.after) label = s.slice(opener.pos, i);
      const def = label === undefined ? undefined : this.ctx.lookup(label);
      if (!def) return closeAsText();
      dest = def.dest;
      title = def.title;
      p = labelEnd > 0 ? labelEnd : i + 1;
    }

    const link = node(opener.img ? 'img' : 'link');
    link.dest = dest;
    link.title = title;
    for (let x = opener.node.n; x;) {
      this.ctx.work.steps++;
      const next = x.n;
      unlink(x);
      append(link, x);
      x = next;
    }
    append(this.root, link);
    this.processEmphasis(opener.delim);
    unlink(opener.node);
    if (!opener.img) this.linkFloor = this.seq;
    return p;
  }

  /** `<`: an autolink, the YouTube iframe, or just text. */
  private angle(i: number, flush: (end: number) => void): number {
    const s = this.s;
    URI_AUTOLINK.lastIndex = EMAIL_AUTOLINK.lastIndex = IFRAME_OPEN.lastIndex = i;
    const uri = URI_AUTOLINK.exec(s);
    const email = uri ? null : EMAIL_AUTOLINK.exec(s);
    const target = uri?.[1] ?? email?.[1];
    if (target !== undefined) {
      flush(i);
      const link = node('link');
      link.dest = uri ? target : `mailto:${target}`;
      append(link, node('text', target));
      append(this.root, link);
      return i + target.length + 2;
    }
    if (!IFRAME_OPEN.test(s)) return -1;
    const tag = iframeTag(s, i + 7, this.ctx.work);
    const src = tag?.[0] === undefined ? null : youtubeEmbedSrc(decodeEntities(tag[0]));
    if (!tag || src === null) return -1;
    flush(i);
    append(this.root, node('embed', src));
    IFRAME_CLOSE.lastIndex = tag[1];
    return IFRAME_CLOSE.test(s) ? IFRAME_CLOSE.lastIndex : tag[1];
  }

  /**
   * GFM extended autolink at a word start: `www.`, `http://`, `https://`, `ftp://`, a valid
   * domain, then anything up to whitespace or `<`, less trailing punctuation.
   */
  private extendedAutolink(i: number, flush: (end: number) => void): number {
    const s = this.s;
    if (i > 0 && !/[\s*_~(]/.test(s.charAt(i - 1))) return -1;
    EXTENDED_START.lastIndex = i;
    const m = EXTENDED_START.exec(s);
    if (!m) return -1;
    const www = m[0] === 'www.';
    const domainStart = i + m[0].length;
    // The domain: segments of letters, digits, `-` and `_` separated by periods, no `_` in the
    // last two segments (`www` counts as one), at most 255 characters (DNS allows 253), so a
    // failed attempt costs little.
    let d = domainStart;
    while (d - domainStart < 256 && (DOMAIN_CHAR.test(s.charAt(d)) || s.charAt(d) === '.')) d++;
    this.ctx.work.steps += d - domainStart;
    while (d > domainStart && s.charAt(d - 1) === '.') d--;
    const segments = s.slice(www ? i : domainStart, d).split('.');
    if (
      d === domainStart ||
      d - domainStart >= 256 ||
      segments.some((x) => x === '') ||
      segments.slice(-2).some((x) => x.includes('_'))
    ) {
      return -1;
    }
    // Where the word ends, found once per word.
    if (this.wordEnd <= i) {
      let e = i;
      while (e < s.length && s.charAt(e) !== '<' && !WHITESPACE.test(s.charAt(e))) e++;
      this.ctx.work.steps += e - i;
      this.wordEnd = e;
    }
    let end = this.wordEnd;
    let opens = 0;
    let closes = 0;
    for (let k = i; k < end; k++) {
      const c = s.charCodeAt(k);
      if (c === 40) opens++;
      else if (c === 41) closes++;
    }
    this.ctx.work.steps += end - i;
    // Trailing punctuation, unbalanced closing parentheses and an entity-like `&name;` are not
    // part of the link (and, being punctuation, hold no other link start).
    while (end > d) {
      const c = s.charAt(end - 1);
      if ('?!.,:*_~'.includes(c)) end--;
      else if (c === ')' && closes > opens) {
        end--;
        closes--;
      } else if (c === ';') {
        let k = end - 2;
        while (k > d && /[A-Za-z0-9]/.test(s.charAt(k))) k--;
        if (s.charAt(k) !== '&' || k === end - 2) break;
        end = k;
      } else break;
    }
    flush(i);
    const text = s.slice(i, end);
    const link = node('link');
    link.dest = www ? `http://${text}` : text;
    append(link, node('text', text));
    append(this.root, link);
    return end;
  }

  private processEmphasis(bottom: Delim | undefined): void {
    // Per kind of closer, the index at or below which no opener matched last time.
    const openersBottom = new Map<number, number>();
    const floor = bottom?.idx ?? -1;
    let closer = this.delims;
    if (closer === bottom) return;
    while (closer && closer.prev !== bottom) {
      this.ctx.work.steps++;
      closer = closer.prev;
    }
    while (closer) {
      if (!closer.canClose) {
        closer = closer.next;
        continue;
      }
      const tilde = closer.c === 126;
      // Kind of closer: its character, and the length (~) or can-open flag and length mod 3.
      const key =
        closer.c * 8 + (tilde ? closer.count : (closer.canOpen ? 4 : 0) + (closer.orig % 3));
      const stop = openersBottom.get(key) ?? floor;
      let opener = closer.prev;
      while (opener && opener.idx > stop) {
        this.ctx.work.steps++;
        if (opener.c === closer.c && opener.canOpen) {
          const ok = tilde
            ? opener.count === closer.count
            : !(
                (closer.canOpen || opener.canClose) &&
                closer.orig % 3 !== 0 &&
                (opener.orig + closer.orig) % 3 === 0
              );
          if (ok) break;
        }
        opener = opener.prev;
      }
      if (opener && opener.idx > stop) {
        const use = tilde ? closer.count : closer.count >= 2 && opener.count >= 2 ? 2 : 1;
        opener.count -= use;
        closer.count -= use;
        opener.node.v = opener.node.v.slice(0, opener.count);
        closer.node.v = closer.node.v.slice(0, closer.count);
        const wrap = node(tilde ? 'del' : use === 2 ? 'strong' : 'em');
        for (let x = opener.node.n; x && x !== closer.node;) {
          this.ctx.work.steps++;
          const next = x.n;
          unlink(x);
          append(wrap, x);
          x = next;
        }
        insertAfter(opener.node, wrap);
        opener.next = closer;
        closer.prev = opener;
        if (opener.count === 0) {
          unlink(opener.node);
          this.removeDelim(opener);
        }
        if (closer.count === 0) {
          unlink(closer.node);
          const next = closer.next;
          this.removeDelim(closer);
          closer = next;
        }
      } else {
        openersBottom.set(key, closer.prev?.idx ?? floor);
        const next = closer.next;
        if (!closer.canOpen) this.removeDelim(closer);
        closer = next;
      }
    }
    while (this.delims && this.delims !== bottom) this.removeDelim(this.delims);
  }

  private removeDelim(d: Delim): void {
    if (d.prev) d.prev.next = d.next;
    if (d.next) d.next.prev = d.prev;
    else this.delims = d.prev;
  }

  /**
   * Merges adjacent text nodes and, for GFM, turns e-mail addresses in text (outside links and
   * images) into `mailto:` links. Iterative: the tree can be deep.
   */
  private linkEmails(): void {
    const work = this.ctx.work;
    const stack: Inline[] = [this.root];
    for (let parent = stack.pop(); parent; parent = stack.pop()) {
      for (let x = parent.f; x; x = x.n) {
        if (x.t === 'text') {
          while (x.n?.t === 'text') {
            x.v += x.n.v;
            unlink(x.n);
          }
          splitEmails(x, work);
        } else if (x.f && x.t !== 'link' && x.t !== 'img') stack.push(x);
      }
    }
  }
}

/** Splits `x` around the first e-mail address in it (the rest is handled as the next node). */
function splitEmails(x: Inline, work: Work): void {
  const v = x.v;
  let from = 0;
  for (let at = v.indexOf('@'); at >= 0; at = v.indexOf('@', at + 1)) {
    let start = at;
    while (start > from && LOCAL_PART.test(v.charAt(start - 1))) start--;
    let end = at + 1;
    work.steps += at - start;
    let periods = 0;
    for (;;) {
      const segment = end;
      while (end < v.length && DOMAIN_CHAR.test(v.charAt(end))) end++;
      work.steps += end - segment + 1;
      if (end === segment) {
        end = -1;
        break;
      }
      if (v.charAt(end) !== '.' || !DOMAIN_CHAR.test(v.charAt(end + 1))) break;
      periods++;
      end++;
    }
    from = at + 1;
    const last = v.charAt(end - 1);
    if (start === at || end < 0 || periods === 0 || last === '-' || last === '_') continue;
    const address = v.slice(start, end);
    const link = node('link');
    link.dest = `mailto:${address}`;
    append(link, node('text', address));
    x.v = v.slice(0, start);
    insertAfter(x, link);
    if (end < v.length) insertAfter(link, node('text', v.slice(end)));
    return;
  }
}

/**
 * Reads the attributes of an `<iframe` tag from `p` (just after the tag name) up to its `>`,
 * within 1,024 characters. Returns the first `src` value (undefined if none) and the position
 * after the tag, or `null` when it is not a well-formed tag.
 */
function iframeTag(s: string, p: number, work: Work): [string | undefined, number] | null {
  const limit = Math.min(s.length, p + 1024);
  work.steps += limit - p;
  let src: string | undefined;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  for (;;) {
    const before = p;
    while (p < limit && space(s.charAt(p))) p++;
    if (p >= limit) return null;
    if (s.charAt(p) === '>') return [src, p + 1];
    if (s.startsWith('/>', p)) return [src, p + 2];
    const nameStart = p;
    if (p === before || !/[A-Za-z_:]/.test(s.charAt(p))) return null;
    while (p < limit && /[A-Za-z0-9_.:-]/.test(s.charAt(p))) p++;
    const name = s.slice(nameStart, p).toLowerCase();
    let q = p;
    while (q < limit && space(s.charAt(q))) q++;
    let value: string | undefined;
    if (s.charAt(q) === '=') {
      q++;
      while (q < limit && space(s.charAt(q))) q++;
      const quote = s.charAt(q);
      if (quote === '"' || quote === "'") {
        let close = q + 1;
        while (close < limit && s.charAt(close) !== quote) close++;
        if (close >= limit) return null;
        value = s.slice(q + 1, close);
        p = close + 1;
      } else {
        const start = q;
        while (q < limit && !/[\s"'=<>`]/.test(s.charAt(q))) q++;
        if (q === start) return null;
        value = s.slice(start, q);
        p = q;
      }
    }
    if (name === 'src' && src === undefined) src = value ?? '';
  }
}

/** Parses inline markdown into a tree (its root's children are the content). */
export function parseInline(src: string, ctx: InlineContext): Inline {
  ctx.work.inlineChars += src.length;
  return new InlineParser(src, ctx).parse();
}
