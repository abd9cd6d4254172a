/**
 * Block structure of CommonMark + GFM tables, parsed one line at a time.
 *
 * The parser keeps the tree of blocks and the chain of blocks still open at its right edge; each
 * complete line is fed once (`line`) and never looked at again. Blocks left of the open chain are
 * closed and final: nothing later changes them (a reference definition found later only changes
 * how their inline content resolves, which the renderer tracks). To show a message that is still
 * arriving, `fork` copies just the open chain, feeds the unfinished last line to the copy and
 * closes it there (`finish`), leaving the real parser untouched for the next chunk.
 *
 * Raw HTML is not a block here: lines that CommonMark would make an HTML block are paragraphs,
 * and the inline parser shows their tags as text (REQUIREMENTS W4, rule 5).
 *
 * Containers deeper than `MAX_DEPTH` are not opened (their markers stay text), which bounds the
 * work per line and the depth of the rendered tree.
 */
import { normalizeLabel, scanDest, scanLabel, scanTitle, skipSpace } from './scan';

export type BlockType =
  'doc' | 'quote' | 'list' | 'item' | 'para' | 'heading' | 'code' | 'fence' | 'hr' | 'table';

/** A table column's alignment. */
export type Align = '' | 'left' | 'center' | 'right';

export interface Block {
  t: BlockType;
  open: boolean;
  kids: Block[];
  /** Text lines of a leaf (paragraph, code, table body rows). */
  lines: string[];
  /** First and last source line (blank lines between siblings make a list loose). */
  start: number;
  end: number;
  /** Set on the copies `fork` makes: the block of the real parser this one copies. */
  orig?: Block;
  /** Paragraph or heading: the inline source, set when the block closes. */
  text?: string;
  level?: number;
  /** Lists and items. */
  ordered?: boolean;
  marker?: string;
  startNumber?: number;
  markerOffset?: number;
  padding?: number;
  tight?: boolean;
  /** Fenced code. */
  fence?: string;
  fenceOffset?: number;
  info?: string;
  /** Tables. */
  head?: string;
  align?: Align[];
}

/** A link reference definition. */
export interface LinkDef {
  dest: string;
  title: string | undefined;
}

/**
 * Link reference definitions by normalised label; the first definition of a label wins. A fork
 * writes to its own layer over the real parser's.
 */
export class Refs {
  private readonly map = new Map<string, LinkDef>();
  constructor(private readonly base?: Refs) {}
  get(label: string): LinkDef | undefined {
    return this.base?.get(label) ?? this.map.get(label);
  }
  define(label: string, def: LinkDef): void {
    if (!this.get(label)) this.map.set(label, def);
  }
}

export interface ParseOptions {
  /** GFM extensions (tables, strikethrough, autolinks, task lists). Default true. */
  gfm?: boolean;
}

/** Work counters, for the streaming tests. */
export interface Work {
  /** Characters fed to the block parser (real and forked). */
  blockChars: number;
  /** Characters fed to the inline parser. */
  inlineChars: number;
  /**
   * Steps of every loop whose length is not simply the text it consumes: delimiter and
   * bracket searches, node moves, scans that may fail, containers walked per line.
   */
  steps: number;
}

const MAX_DEPTH = 32;

const canContain = (parent: BlockType, child: BlockType): boolean =>
  parent === 'list'
    ? child === 'item'
    : (parent === 'doc' || parent === 'quote' || parent === 'item') && child !== 'item';

const THEMATIC = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
const BLANK = /^[ \t]*$/;
const ORDERED = /^(\d{1,9})([.)])/;

function newBlock(t: BlockType, line: number): Block {
  return { t, open: true, kids: [], lines: [], start: line, end: line };
}

/** Copies a block and, recursively, its open last child: the part of the tree a line can change. */
function copyOpen(b: Block): Block {
  const copy: Block = { ...b, kids: b.kids.slice(), lines: b.lines.slice(), orig: b.orig ?? b };
  const last = copy.kids.at(-1);
  if (last?.open) copy.kids[copy.kids.length - 1] = copyOpen(last);
  return copy;
}

/**
 * Splits a table row into cell sources: outer pipes dropped, split at pipes not escaped by a
 * backslash, `\|` turned into `|` (also inside code spans, as GFM does), cells trimmed.
 */
export function splitRow(row: string): string[] {
  const cells: string[] = [];
  let s = row.trim();
  if (s.startsWith('|')) s = s.slice(1);
  let cell = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (c === '\\' && s.charAt(i + 1) === '|') {
      cell += '|';
      i++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  if (cell.trim() !== '' || !s.endsWith('|')) cells.push(cell.trim());
  return cells;
}

export class BlockParser {
  readonly doc: Block;
  readonly refs: Refs;
  private lineNo: number;
  private readonly gfm: boolean;
  private readonly work: Work;

  // The line being parsed and the scanning position in it (columns count tabs as up to 4).
  private ln = '';
  private off = 0;
  private col = 0;
  private nn = 0;
  private nnCol = 0;
  private indent = 0;
  private blank = false;
  private partialTab = false;
  /** The open blocks, document first; blocks from `live` on did not match this line yet. */
  private chain: Block[] = [];
  private live = 0;

  constructor(options: ParseOptions, work: Work, from?: BlockParser) {
    this.gfm = options.gfm ?? true;
    this.work = work;
    this.doc = from ? copyOpen(from.doc) : newBlock('doc', 0);
    this.refs = new Refs(from?.refs);
    this.lineNo = from?.lineNo ?? 0;
  }

  /** A parser over a copy of the open blocks, with its own layer of definitions. */
  fork(options: ParseOptions): BlockParser {
    return new BlockParser(options, this.work, this);
  }

  /** Closes every open block, as at the end of the document. */
  finish(): void {
    this.openChain();
    this.live = 1;
    this.closeUnmatched();
  }

  /** Parses one line (without its line ending). */
  line(raw: string): void {
    this.work.blockChars += raw.length;
    this.lineNo++;
    this.ln = raw.includes('\0') ? raw.replace(/\0/g, '\ufffd') : raw;
    this.off = this.col = 0;
    this.partialTab = false;
    const chain = this.openChain();
    this.work.steps += chain.length;

    // 1. Which open containers does the line continue?
    let matched = 0;
    let container = this.doc;
    for (let i = 1; i < chain.length; i++) {
      const b = chain[i];
      if (!b) break;
      this.findNext();
      const r = this.continues(b);
      if (r === 2) {
        // A closing fence: the fence ends here and the line is used up.
        b.end = this.lineNo;
        this.live = i;
        this.closeUnmatched();
        return;
      }
      if (r === 1) break;
      matched = i;
      container = b;
    }
    this.live = matched + 1;

    // 2. New block starts, as long as the container takes them.
    let leaf = container.t === 'code' || container.t === 'fence';
    let consumed = false;
    while (!leaf) {
      this.findNext();
      if (this.indent < 4 && !maybeSpecial(this.ln.charCodeAt(this.nn))) {
        this.advanceNn();
        break;
      }
      this.work.steps++;
      const r = this.start(container);
      if (r === 0) {
        this.advanceNn();
        break;
      }
      container = this.tip();
      leaf = r >= 2;
      consumed = r === 3;
    }

    // 3. The rest of the line is text: a lazy paragraph continuation, or text for the container.
    const tip = this.tip();
    if (consumed) return;
    if (this.live < this.chain.length && !this.blank && tip.t === 'para') {
      this.addLine(tip);
      return;
    }
    this.closeUnmatched();
    if (container.t === 'para' || container.t === 'table' || container.t === 'fence') {
      this.addLine(container);
    } else if (container.t === 'code') {
      this.addLine(container);
      if (!this.blank) container.end = this.lineNo;
    } else if (!this.blank) {
      const para = this.addChild('para');
      this.advanceNn();
      this.addLine(para);
    }
  }

  private tip(): Block {
    return this.chain.at(-1) ?? this.doc;
  }

  private openChain(): Block[] {
    const chain = [this.doc];
    for (let b = this.doc.kids.at(-1); b?.open; b = b.kids.at(-1)) chain.push(b);
    this.chain = chain;
    this.live = chain.length;
    return chain;
  }

  private findNext(): void {
    const ln = this.ln;
    let i = this.off;
    let col = this.col;
    for (;;) {
      const c = ln.charCodeAt(i);
      if (c === 32) col++;
      else if (c === 9) col += 4 - (col % 4);
      else break;
      i++;
    }
    this.blank = i >= ln.length;
    this.nn = i;
    this.nnCol = col;
    this.indent = col - this.col;
  }

  private advanceNn(): void {
    this.off = this.nn;
    this.col = this.nnCol;
    this.partialTab = false;
  }

  /** Moves on `count` characters, or `count` columns (possibly part of a tab). */
  private advance(count: number, columns: boolean): void {
    while (count > 0 && this.off < this.ln.length) {
      if (this.ln.charCodeAt(this.off) === 9) {
        const toTab = 4 - (this.col % 4);
        if (columns) {
          this.partialTab = toTab > count;
          const step = Math.min(toTab, count);
          this.col += step;
          if (!this.partialTab) this.off++;
          count -= step;
        } else {
          this.partialTab = false;
          this.col += toTab;
          this.off++;
          count--;
        }
      } else {
        this.partialTab = false;
        this.off++;
        this.col++;
        count--;
      }
    }
  }

  private addLine(b: Block): void {
    let text = this.ln.slice(this.off);
    if (this.partialTab) {
      text = ' '.repeat(4 - (this.col % 4)) + this.ln.slice(this.off + 1);
    }
    b.lines.push(text);
    if (b.t !== 'code') b.end = this.lineNo;
  }

  /** Closes the blocks of the chain that this line did not continue. */
  private closeUnmatched(): void {
    while (this.chain.length > this.live) this.closeTip();
  }

  private closeTip(): void {
    const b = this.chain.pop();
    if (b) this.finalize(b, this.tip());
  }

  private addChild(t: BlockType): Block {
    while (!canContain(this.tip().t, t)) this.closeTip();
    const b = newBlock(t, this.lineNo);
    this.tip().kids.push(b);
    this.chain.push(b);
    this.live = this.chain.length;
    return b;
  }

  /** 0: the line continues `b`; 1: it does not; 2: it closes `b` (a closing fence). */
  private continues(b: Block): 0 | 1 | 2 {
    const ln = this.ln;
    switch (b.t) {
      case 'quote':
        if (this.indent < 4 && ln.charCodeAt(this.nn) === 62) {
          b.end = this.lineNo;
          this.advanceNn();
          this.advance(1, false);
          const c = ln.charCodeAt(this.off);
          if (c === 32 || c === 9) this.advance(1, true);
          return 0;
        }
        return 1;
      case 'item': {
        const width = (b.markerOffset ?? 0) + (b.padding ?? 0);
        if (this.blank) {
          if (b.kids.length === 0) return 1;
          this.advanceNn();
        } else if (this.indent >= width) {
          this.advance(width, true);
        } else return 1;
        return 0;
      }
      case 'code':
        if (this.indent >= 4) this.advance(4, true);
        else if (this.blank) this.advanceNn();
        else return 1;
        return 0;
      case 'fence': {
        const fence = b.fence ?? '```';
        if (this.indent < 4 && ln.charCodeAt(this.nn) === fence.charCodeAt(0)) {
          let i = this.nn;
          while (ln.charCodeAt(i) === fence.charCodeAt(0)) i++;
          if (i - this.nn >= fence.length && BLANK.test(ln.slice(i))) return 2;
        }
        let skip = b.fenceOffset ?? 0;
        while (skip-- > 0 && (ln.charCodeAt(this.off) === 32 || ln.charCodeAt(this.off) === 9)) {
          this.advance(1, true);
        }
        return 0;
      }
      case 'para':
      case 'table':
        return this.blank ? 1 : 0;
      case 'list':
        return 0;
      default:
        return 1;
    }
  }

  /**
   * Tries each block start at the current position: 0 none, 1 a container, 2 a leaf, 3 a leaf
   * that used up the rest of the line.
   */
  private start(container: Block): 0 | 1 | 2 | 3 {
    const ln = this.ln;
    const rest = ln.slice(this.nn);
    const c = ln.charCodeAt(this.nn);
    const deepEnough = this.chain.length >= MAX_DEPTH;

    if (this.indent >= 4) {
      // Indented code (not inside a paragraph, not on a blank line).
      if (this.tip().t === 'para' || this.blank) return 0;
      this.advance(4, true);
      this.closeUnmatched();
      this.addChild('code');
      return 2;
    }

    if (c === 62 && !deepEnough) {
      this.advanceNn();
      this.advance(1, false);
      const next = ln.charCodeAt(this.off);
      if (next === 32 || next === 9) this.advance(1, true);
      this.closeUnmatched();
      this.addChild('quote');
      return 1;
    }

    const atx = /^#{1,6}(?=[ \t]|$)/.exec(rest);
    if (atx) {
      this.closeUnmatched();
      const h = this.addChild('heading');
      h.level = atx[0].length;
      h.text = atxContent(rest.slice(atx[0].length));
      h.open = false;
      this.chain.pop();
      return 3;
    }

    const fence = /^(?:`{3,}|~{3,})/.exec(rest);
    if (fence && !(c === 96 && rest.slice(fence[0].length).includes('`'))) {
      this.closeUnmatched();
      const f = this.addChild('fence');
      f.fence = fence[0];
      f.fenceOffset = this.indent;
      f.info = rest.slice(fence[0].length).trim();
      return 3;
    }

    if (container.t === 'para' && SETEXT.test(rest)) {
      const text = this.takeRefs(container.lines.join('\n'));
      if (text !== null) {
        container.t = 'heading';
        container.level = c === 61 ? 1 : 2;
        container.text = text.trim();
        container.end = this.lineNo;
        this.closeUnmatched();
        this.chain.pop();
        container.open = false;
        return 3;
      }
      container.lines = [];
    }

    if (this.gfm && container.t === 'para' && container.lines.length > 0 && rest.includes('|')) {
      const align = delimiterRow(rest);
      const head = container.lines.at(-1) ?? '';
      if (align?.length === splitRow(head).length) {
        this.closeUnmatched();
        container.lines.pop();
        if (container.lines.length === 0) {
          this.chain.pop();
          this.tip().kids.pop();
        } else container.end = this.lineNo - 2;
        const table = this.addChild('table');
        table.start = this.lineNo - 1;
        table.head = head;
        table.align = align;
        return 3;
      }
    }

    if (THEMATIC.test(rest)) {
      this.closeUnmatched();
      this.addChild('hr').open = false;
      this.chain.pop();
      return 3;
    }

    if (!deepEnough) return this.listItem(container, rest);
    return 0;
  }

  private listItem(container: Block, rest: string): 0 | 1 {
    const ln = this.ln;
    const first = rest.charCodeAt(0);
    let marker: string;
    let ordered = false;
    let startNumber = 1;
    if (first === 42 || first === 43 || first === 45) marker = rest.charAt(0);
    else {
      const m = ORDERED.exec(rest);
      if (!m) return 0;
      ordered = true;
      startNumber = parseInt(m[1] ?? '1', 10);
      marker = m[0];
    }
    const after = rest.charCodeAt(marker.length);
    if (!(after === 32 || after === 9 || Number.isNaN(after))) return 0;
    const interrupts = container.t === 'para';
    if (interrupts && (BLANK.test(rest.slice(marker.length)) || (ordered && startNumber !== 1))) {
      return 0;
    }

    const markerOffset = this.indent;
    this.advanceNn();
    this.advance(marker.length, true);
    const spacesCol = this.col;
    const spacesOff = this.off;
    do {
      this.advance(1, true);
    } while (
      this.col - spacesCol < 5 &&
      (ln.charCodeAt(this.off) === 32 || ln.charCodeAt(this.off) === 9)
    );
    const blankItem = this.off >= ln.length;
    const spaces = this.col - spacesCol;
    let padding: number;
    if (spaces >= 5 || spaces < 1 || blankItem) {
      padding = marker.length + 1;
      this.col = spacesCol;
      this.off = spacesOff;
      this.partialTab = false;
      const c = ln.charCodeAt(this.off);
      if (c === 32 || c === 9) this.advance(1, true);
    } else padding = marker.length + spaces;

    const delimiter = ordered ? marker.slice(-1) : marker;
    this.closeUnmatched();
    if (container.t !== 'list' || container.ordered !== ordered || container.marker !== delimiter) {
      const list = this.addChild('list');
      list.ordered = ordered;
      list.marker = delimiter;
      list.startNumber = startNumber;
    }
    const item = this.addChild('item');
    item.markerOffset = markerOffset;
    item.padding = padding;
    return 1;
  }

  private finalize(b: Block, parent: Block): void {
    b.open = false;
    switch (b.t) {
      case 'para': {
        const text = this.takeRefs(b.lines.join('\n'));
        if (text === null) parent.kids.pop();
        else b.text = text;
        break;
      }
      case 'code':
        while (b.lines.length > 0 && BLANK.test(b.lines.at(-1) ?? '')) b.lines.pop();
        break;
      case 'quote':
        b.end = Math.max(b.end, b.kids.at(-1)?.end ?? b.start);
        break;
      case 'item':
        b.end = b.kids.at(-1)?.end ?? b.start;
        break;
      case 'list': {
        b.end = b.kids.at(-1)?.end ?? b.start;
        // Loose when a blank line separates two items, or two blocks inside an item.
        const gap = (blocks: Block[]) =>
          blocks.some((x, i) => {
            const next = blocks[i + 1];
            return next !== undefined && next.start > x.end + 1;
          });
        b.tight = !gap(b.kids) && !b.kids.some((item) => gap(item.kids));
        break;
      }
      default:
        break;
    }
  }

  /**
   * Takes the link reference definitions off the start of a paragraph's text and records them.
   * Returns the rest, or `null` when nothing but definitions (and whitespace) was there.
   */
  private takeRefs(text: string): string | null {
    let p = 0;
    while (text.charCodeAt(p) === 91) {
      const end = parseDefinition(text, p, this.refs, this.work);
      if (end < 0) break;
      p = end;
    }
    const rest = text.slice(p);
    return BLANK.test(rest.replace(/\n/g, '')) ? null : rest;
  }
}

/** First character of a line that might start a block other than a paragraph. */
function maybeSpecial(c: number): boolean {
  // # ` ~ * + - _ = > | : and digits
  return (
    c === 35 ||
    c === 96 ||
    c === 126 ||
    c === 42 ||
    c === 43 ||
    c === 45 ||
    c === 95 ||
    c === 61 ||
    c === 62 ||
    c === 124 ||
    c === 58 ||
    (c >= 48 && c <= 57)
  );
}

/** An ATX heading's text: trimmed, without the optional closing run of `#`. */
function atxContent(s: string): string {
  let end = s.length;
  while (end > 0 && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--;
  let hashes = end;
  while (hashes > 0 && s.charCodeAt(hashes - 1) === 35) hashes--;
  if (
    hashes < end &&
    (hashes === 0 || s.charCodeAt(hashes - 1) === 32 || s.charCodeAt(hashes - 1) === 9)
  ) {
    end = hashes;
  }
  return s.slice(0, end).trim();
}

/** The column alignments of a GFM delimiter row, or `null` when `row` is not one. */
function delimiterRow(row: string): Align[] | null {
  const cells = splitRow(row);
  const align: Align[] = [];
  for (const cell of cells) {
    if (!/^:?-+:?$/.test(cell)) return null;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : '');
  }
  return align.length > 0 ? align : null;
}

/**
 * Parses one link reference definition at `p` (`[label]: destination "title"`), records it and
 * returns the position after it (after its line ending), or -1.
 */
function parseDefinition(s: string, p: number, refs: Refs, work: Work): number {
  const labelEnd = scanLabel(s, p, work);
  if (labelEnd < 0 || s.charCodeAt(labelEnd) !== 58) return -1;
  const label = s.slice(p + 1, labelEnd - 1);
  if (BLANK.test(label.replace(/\n/g, ''))) return -1;
  const destStart = skipSpace(s, labelEnd + 1);
  const dest = scanDest(s, destStart, work);
  if (!dest) return -1;
  const afterDest = dest[1];
  const lineEnd = (q: number) => {
    while (s.charCodeAt(q) === 32 || s.charCodeAt(q) === 9) q++;
    return q >= s.length ? q : s.charCodeAt(q) === 10 ? q + 1 : -1;
  };
  let title: string | undefined;
  let end = -1;
  const titleStart = skipSpace(s, afterDest);
  if (titleStart > afterDest) {
    const t = scanTitle(s, titleStart, work);
    if (t) {
      end = lineEnd(t[1]);
      if (end >= 0) title = t[0];
    }
  }
  if (end < 0) end = lineEnd(afterDest);
  if (end < 0) return -1;
  refs.define(normalizeLabel(label), { dest: dest[0], title });
  return end;
}
