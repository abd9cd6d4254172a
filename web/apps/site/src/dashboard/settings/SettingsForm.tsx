import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { errorMessage } from '../../api/http';

interface SettingsFormProps {
  title: string;
  /** Checks and saves; resolves to a problem found before sending, or to nothing. */
  onSave: () => Promise<string | undefined>;
  /** What the button says ("Guardar"). */
  submitLabel?: string;
  children: ReactNode;
}

/**
 * One block of "Ajustes": a titled form that checks what it can before sending, and shows the
 * problem (its own or the server's Spanish refusal) next to the button, keeping every value as
 * typed; "Guardado" is said once saved.
 */
export function SettingsForm({
  title,
  onSave,
  submitLabel = 'Guardar',
  children,
}: SettingsFormProps) {
  const titleId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    setSending(true);
    try {
      const found = await onSave();
      setProblem(found ?? null);
      setSaved(found === undefined);
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="card dash-panel settings-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {submitLabel}
        </button>
        <p className="muted settings-saved" role="status">
          {saved ? 'Guardado.' : ''}
        </p>
      </div>
    </form>
  );
}
