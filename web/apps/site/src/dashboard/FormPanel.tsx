import { useState, type KeyboardEvent, type ReactNode, type SubmitEvent } from 'react';
import { errorMessage } from '../api/http';
import { useFocusWhileOpen } from '../shell/useFocusWhileOpen';

interface FormPanelProps {
  /** The form's heading and accessible name. */
  title: string;
  id?: string;
  submitLabel: string;
  /**
   * Checks and sends the form. Resolves to a problem found before sending (shown next to the
   * button), or to nothing; a rejection shows its Spanish `errorMessage` there instead.
   */
  onSubmit: () => Promise<string | undefined>;
  /** Closes the form without sending ("Cerrar" or Escape). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every dashboard form: its heading takes focus when it opens and focus goes back
 * to its opener when it closes; the problem of the last attempt and the close and submit buttons
 * sit at the end. The browser's own validation is off: each form checks its fields itself and
 * says why in Spanish.
 */
export function FormPanel({ title, id, submitLabel, onSubmit, onClose, children }: FormPanelProps) {
  const heading = useFocusWhileOpen<HTMLHeadingElement>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSending(true);
    try {
      setProblem((await onSubmit()) ?? null);
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setSending(false);
    }
  }

  function closeOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  }

  return (
    <form
      id={id}
      className="card dash-panel"
      aria-label={title}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={closeOnEscape}
    >
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cerrar
        </button>
        <button type="submit" className="button button-primary" disabled={sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
