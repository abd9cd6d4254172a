import { useState } from 'react';

interface CopyButtonProps {
  /** What goes on the clipboard. */
  text: string;
  /** What it is, said after "Copiar" to screen readers ("la clave"), so two buttons differ. */
  what: string;
}

const COPIED = 'Copiado.';
const COPY_BY_HAND = 'No se ha podido copiar: selecciona el texto y cópialo a mano.';

/**
 * "Copiar" and, beside it on its own row, how it went (read out by screen readers). The browser gives a page
 * its clipboard only over HTTPS or on localhost, and may refuse it even then: the person is told
 * to copy the text by hand instead.
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  const [result, setResult] = useState('');

  async function copy() {
    // Emptied first, so copying again says it again.
    setResult('');
    const clipboard = navigator.clipboard as Clipboard | undefined;
    const copied = clipboard
      ? await clipboard.writeText(text).then(
          () => true,
          () => false,
        )
      : false;
    setResult(copied ? COPIED : COPY_BY_HAND);
  }

  return (
    <div className="actions">
      <button
        type="button"
        className="button button-secondary"
        // The visible word first, then what it copies (WCAG label in name).
        aria-label={`Copiar ${what}`}
        onClick={() => void copy()}
      >
        Copiar
      </button>
      <p className="muted settings-saved" role="status">
        {result}
      </p>
    </div>
  );
}
