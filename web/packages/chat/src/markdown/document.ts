/**
 * A markdown message that may grow: `update` takes the whole text each time and returns React
 * elements for it, doing work proportional to what changed, not to the length of the message.
 *
 * - Complete lines are fed to the block parser once. Blocks that close are final and their
 *   elements are cached (render.ts), so a chunk appended to a long reply re-renders only the
 *   blocks still open at the end: in practice the last paragraph, list item or table row.
 * - The unfinished last line is parsed in a fork of the parser that is thrown away, so
 *   "# Tit" can show as a heading now and still become something else when the line ends.
 * - Hard cases, resolved by the same mechanism: an open fenced code block stays open (its lines
 *   are cached in segments, only the last one is rebuilt); a list or block quote that may
 *   continue stays open but its closed items are cached; a setext underline or a table
 *   delimiter row can only change the block it follows, which is still open; a link reference
 *   definition that appears later invalidates exactly the cached blocks that looked its label up.
 * - Memory: every version of a growing reply is a new string, and the engine's substrings are
 *   views that keep the whole string they were cut from alive. The lines handed to the parsers,
 *   which keep them (and pieces of them) in blocks and cached elements, are copied first, so an
 *   earlier version becomes garbage as soon as the next one arrives.
 * - What stays proportional to size: the last open leaf (a paragraph that is one long line is
 *   re-parsed on each chunk), copying the list of top-level blocks, and checking that the new
 *   text starts with the old one (a memory comparison). Any other change of text starts over.
 */
import { BlockParser, type ParseOptions, type Work } from './blocks';
import { Renderer, type MarkdownNode } from './render';

export class MarkdownDocument {
  /** Work done so far (characters fed to the block and inline parsers). */
  readonly work: Work = { blockChars: 0, inlineChars: 0, steps: 0 };
  private text = '';
  private committed = 0;
  private parser: BlockParser;
  private renderer: Renderer;
  private nodes: MarkdownNode[] = [];

  constructor(private readonly options: ParseOptions = {}) {
    this.parser = new BlockParser(options, this.work);
    this.renderer = new Renderer(options.gfm ?? true, this.work);
  }

  /** The elements for `text`; cheap when `text` extends the previous text. */
  update(text: string): MarkdownNode[] {
    if (text === this.text) return this.nodes;
    if (!text.startsWith(this.text)) {
      this.committed = 0;
      this.parser = new BlockParser(this.options, this.work);
      this.renderer = new Renderer(this.options.gfm ?? true, this.work);
    }
    this.text = text;
    const lineEnd = /\r\n?|\n/g;
    lineEnd.lastIndex = this.committed;
    for (let m = lineEnd.exec(text); m; m = lineEnd.exec(text)) {
      // A final "\r" may be the first half of "\r\n": wait for the next chunk.
      if (m[0] === '\r' && m.index === text.length - 1) break;
      this.parser.line(detach(text.slice(this.committed, m.index)));
      this.committed = m.index + m[0].length;
    }
    const view = this.parser.fork(this.options);
    const rest = detach(text.slice(this.committed).replace(/\r$/, ''));
    if (rest !== '') view.line(rest);
    view.finish();
    this.nodes = this.renderer.render(view.doc, view.refs);
    return this.nodes;
  }
}

/**
 * `s` as a string of its own. In V8 a substring of 13 characters or more is a view into its
 * parent; a concatenation read by `slice` is first copied into a fresh buffer holding only the
 * line, so the result no longer references the parent. Costs one copy of the line.
 */
function detach(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/** Renders a whole markdown text at once. */
export function renderMarkdown(text: string, options: ParseOptions = {}): MarkdownNode[] {
  return new MarkdownDocument(options).update(text);
}
