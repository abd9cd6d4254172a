import { useState } from 'react';
import { MarkdownDocument, toMarkdownSource } from '../markdown';

export interface MarkdownProps {
  /** Markdown text. Other values (an object, an array of content parts) get a text form. */
  source: unknown;
  /** Wraps the blocks in a `<div>` with this class; without it they go straight into the parent. */
  className?: string;
}

/**
 * Renders bot markdown as React elements (never as an HTML string). Raw HTML shows as text, URLs
 * outside the allowed schemes are dropped, links open in a new tab. A reply that grows chunk by
 * chunk is re-rendered from its last open block only: the component keeps the parser state of
 * its text between renders.
 *
 * Public: hosts render their own markdown with the widget's rules. The widget's stylesheet styles
 * markdown inside its bubbles only; elsewhere the host styles it.
 *
 * @example
 * <Markdown className="answer" source={'**Abierto** de 9:00 a 14:00'} />
 */
export function Markdown({ source, className }: MarkdownProps) {
  const [doc] = useState(() => new MarkdownDocument());
  const blocks = doc.update(toMarkdownSource(source));
  return className === undefined ? blocks : <div className={className}>{blocks}</div>;
}
