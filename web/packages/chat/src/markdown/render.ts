/**
 * Turns parsed blocks and inlines into React elements with `createElement`: no HTML strings, no
 * `innerHTML`, so the only things to police are URLs (url.ts) and the one widget-built iframe.
 *
 * Every element is one the renderer chose, with attributes it chose: links get
 * `target="_blank" rel="noopener noreferrer"`, task-list checkboxes are `disabled`, a refused
 * link keeps only its text, a refused image only its alt text.
 *
 * Caching (for messages that grow chunk by chunk): a closed block's element is kept and handed
 * back as the same object, so React skips its subtree. An entry stays valid while the link
 * reference definitions its inline content looked up (hits and misses) resolve the same way, and,
 * for list content, while the list's tightness is the same. Open blocks (copies made by the
 * parser's fork) are rebuilt, but reuse their inline content when its source did not change, and
 * long code blocks are split into segments so only the last one is rebuilt.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import { Refs, splitRow, type Block, type LinkDef, type Work } from './blocks';
import { parseInline, type Inline } from './inline';
import { normalizeLabel, unescape } from './scan';
import { encodeUrl, safeUrl } from './url';

/** Inline nesting rendered as elements; deeper content is rendered as its plain text. */
const MAX_INLINE_DEPTH = 24;
/** Lines per separately cached piece of a code block. */
const CODE_SEGMENT = 64;
const TASK = /^\[([ xX])\](?=[ \t\n])/;

/** What the renderer makes: elements and text, never promises or other node kinds. */
export type MarkdownNode = ReactElement | string | null;

/** Label → the definition it resolved to (undefined: it did not resolve). */
type Deps = Map<string, LinkDef | undefined>;

interface Cached {
  el: MarkdownNode;
  tight: boolean;
  deps: Deps;
}

interface CachedInline {
  src: string;
  nodes: MarkdownNode[];
  deps: Deps;
}

/** The YouTube iframe: every attribute fixed here, only the checked `src` comes from input. */
function embed(src: string, key: number): MarkdownNode {
  return createElement('iframe', {
    key,
    src,
    className: 'chat-markdown-embed',
    title: 'YouTube',
    width: '100%',
    height: '200',
    allow:
      'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen',
    sandbox: 'allow-scripts allow-same-origin allow-presentation',
    referrerPolicy: 'strict-origin-when-cross-origin',
    allowFullScreen: true,
  });
}

/** Text of an inline subtree (image alt text, content nested too deeply). Iterative. */
function plainText(x: Inline): string {
  let out = '';
  const stack: (Inline | undefined)[] = [x.f];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n) continue;
    stack.push(n.n);
    if (n.t === 'text' || n.t === 'code') out += n.v;
    else if (n.t === 'soft' || n.t === 'hard') out += '\n';
    else stack.push(n.f);
  }
  return out;
}

/** Trailing spaces and tabs are not part of a paragraph's inline content. */
function trimEnd(s: string): string {
  let end = s.length;
  while (end > 0 && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === 9)) end--;
  return s.slice(0, end);
}

export class Renderer {
  private readonly blocks = new WeakMap<Block, Cached>();
  private readonly inlines = new WeakMap<Block, CachedInline>();
  private readonly rows = new WeakMap<Block, CachedInline[]>();
  private readonly segments = new WeakMap<Block, string[]>();
  private deps: Deps = new Map();
  private refs = new Refs();

  constructor(
    private readonly gfm: boolean,
    private readonly work: Work,
  ) {}

  /** The elements for a document's top-level blocks, resolving references in `refs`. */
  render(doc: Block, refs: Refs): MarkdownNode[] {
    this.refs = refs;
    this.deps = new Map();
    return doc.kids.map((b, i) => this.block(b, i, false));
  }

  private valid(deps: Deps): boolean {
    for (const [label, def] of deps) if (this.refs.get(label) !== def) return false;
    return true;
  }

  private collect(deps: Deps): void {
    for (const [label, def] of deps) this.deps.set(label, def);
  }

  /** A block's element, from the cache when the block is closed and nothing it used changed. */
  private block(b: Block, key: number, tight: boolean): MarkdownNode {
    const cacheable = !b.orig;
    const hit = cacheable ? this.blocks.get(b) : undefined;
    if (hit?.tight === tight && this.valid(hit.deps)) {
      this.collect(hit.deps);
      return hit.el;
    }
    const outer = this.deps;
    this.deps = new Map();
    const el = this.build(b, key, tight);
    const deps = this.deps;
    this.deps = outer;
    this.collect(deps);
    if (cacheable) this.blocks.set(b, { el, tight, deps });
    return el;
  }

  private build(b: Block, key: number, tight: boolean): MarkdownNode {
    switch (b.t) {
      case 'para':
        return tight
          ? createElement(Fragment, { key }, this.inline(b, b.text ?? ''))
          : createElement('p', { key }, this.inline(b, b.text ?? ''));
      case 'heading':
        return createElement(`h${String(b.level ?? 1)}`, { key }, this.inline(b, b.text ?? ''));
      case 'hr':
        return createElement('hr', { key });
      case 'code':
      case 'fence': {
        const lang = b.t === 'fence' ? unescape(b.info ?? '').split(/\s/)[0] : '';
        // Focusable: a code block scrolls sideways, and keyboard users must be able to scroll it.
        return createElement(
          'pre',
          { key, tabIndex: 0 },
          createElement('code', { className: lang ? `language-${lang}` : undefined }, this.code(b)),
        );
      }
      case 'quote':
        return createElement('blockquote', { key }, this.kids(b, false));
      case 'list':
        return createElement(
          b.ordered ? 'ol' : 'ul',
          { key, start: b.ordered && b.startNumber !== 1 ? b.startNumber : undefined },
          b.kids.map((item, i) => this.block(item, i, b.tight ?? false)),
        );
      case 'item':
        return createElement('li', { key }, this.item(b, tight));
      case 'table':
        return this.table(b, key);
      default:
        return null;
    }
  }

  private kids(b: Block, tight: boolean): MarkdownNode[] {
    return b.kids.map((kid, i) => this.block(kid, i, tight));
  }

  /** A list item; a GFM task item's paragraph starts with a disabled checkbox. */
  private item(b: Block, tight: boolean): MarkdownNode[] {
    const first = b.kids[0];
    const task = this.gfm && first?.t === 'para' ? TASK.exec(first.text ?? '') : null;
    if (!first || !task) return this.kids(b, tight);
    const box = createElement('input', {
      key: 'task',
      type: 'checkbox',
      disabled: true,
      defaultChecked: task[1] !== ' ',
    });
    const content = [box, ...this.inline(first, (first.text ?? '').slice(3))];
    const para = createElement(tight ? Fragment : 'p', { key: 0 }, content);
    return [para, ...b.kids.slice(1).map((kid, i) => this.block(kid, i + 1, tight))];
  }

  /** Inline content of a leaf, reused while its source and references stay the same. */
  private inline(b: Block, src: string): MarkdownNode[] {
    const owner = b.orig ?? b;
    const hit = this.inlines.get(owner);
    if (hit?.src === src && this.valid(hit.deps)) {
      this.collect(hit.deps);
      return hit.nodes;
    }
    const { nodes, deps } = this.parse(src);
    this.inlines.set(owner, { src, nodes, deps });
    this.collect(deps);
    return nodes;
  }

  private parse(src: string): CachedInline {
    const deps: Deps = new Map();
    const root = parseInline(trimEnd(src), {
      gfm: this.gfm,
      work: this.work,
      lookup: (label) => {
        if (label.length > 999) return undefined;
        const norm = normalizeLabel(label);
        if (norm === '') return undefined;
        const def = this.refs.get(norm);
        deps.set(norm, def);
        return def;
      },
    });
    return { src, nodes: this.nodes(root, 0, false), deps };
  }

  private nodes(parent: Inline, depth: number, inLink: boolean): MarkdownNode[] {
    const out: MarkdownNode[] = [];
    for (let x = parent.f; x; x = x.n) out.push(this.node(x, out.length, depth, inLink));
    return out;
  }

  private node(x: Inline, key: number, depth: number, inLink: boolean): MarkdownNode {
    const kids = () =>
      depth >= MAX_INLINE_DEPTH
        ? [plainText(x)]
        : this.nodes(x, depth + 1, inLink || x.t === 'link');
    switch (x.t) {
      case 'text':
        return x.v;
      case 'soft':
        return '\n';
      case 'hard':
        return createElement('br', { key });
      case 'code':
        return createElement('code', { key }, x.v);
      case 'em':
      case 'strong':
      case 'del':
        return createElement(x.t, { key }, kids());
      case 'embed':
        return embed(x.v, key);
      case 'img': {
        const src = safeUrl(encodeUrl(x.dest ?? ''), true);
        const alt = plainText(x);
        return src === null ? alt : createElement('img', { key, src, alt, title: x.title });
      }
      case 'link': {
        // Links never nest (an autolink inside link text keeps only its text).
        const href = inLink ? null : safeUrl(encodeUrl(x.dest ?? ''), false);
        return href === null
          ? createElement(Fragment, { key }, kids())
          : createElement(
              'a',
              { key, href, title: x.title, target: '_blank', rel: 'noopener noreferrer' },
              kids(),
            );
      }
      default:
        return null;
    }
  }

  /** Code text in segments of 64 lines; segments made only of committed lines are kept. */
  private code(b: Block): string[] {
    const owner = b.orig ?? b;
    const stable = owner.open ? owner.lines.length : 0;
    const cache = this.segments.get(owner) ?? [];
    this.segments.set(owner, cache);
    const out: string[] = [];
    for (let start = 0, k = 0; start < b.lines.length; start += CODE_SEGMENT, k++) {
      const end = start + CODE_SEGMENT;
      const keep = end <= stable && end <= b.lines.length;
      const text = (keep ? cache[k] : undefined) ?? `${b.lines.slice(start, end).join('\n')}\n`;
      if (keep) cache[k] = text;
      out.push(text);
    }
    return out;
  }

  private table(b: Block, key: number): MarkdownNode {
    const align = b.align ?? [];
    const cells = (row: string, tag: 'th' | 'td') => {
      const src = splitRow(row);
      return align.map((a, j) =>
        createElement(tag, { key: j, align: a || undefined }, this.parseCell(src[j] ?? '')),
      );
    };
    const owner = b.orig ?? b;
    const cache = this.rows.get(owner) ?? [];
    this.rows.set(owner, cache);
    const body = b.lines.map((row, i) => {
      const hit = cache[i];
      if (hit?.src === row && this.valid(hit.deps)) {
        this.collect(hit.deps);
        return hit.nodes[0];
      }
      const outer = this.deps;
      this.deps = new Map();
      const el = createElement('tr', { key: i }, cells(row, 'td'));
      cache[i] = { src: row, nodes: [el], deps: this.deps };
      const deps = this.deps;
      this.deps = outer;
      this.collect(deps);
      return el;
    });
    // Focusable, like code blocks: a wide table scrolls sideways inside the bubble.
    return createElement(
      'table',
      { key, tabIndex: 0 },
      createElement('thead', null, createElement('tr', null, cells(b.head ?? '', 'th'))),
      body.length > 0 ? createElement('tbody', null, body) : null,
    );
  }

  private parseCell(src: string): MarkdownNode[] {
    const { nodes, deps } = this.parse(src);
    this.collect(deps);
    return nodes;
  }
}
