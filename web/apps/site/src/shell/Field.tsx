/**
 * The site's one labelled form control, on the public pages and in the dashboard: a label, an
 * optional hint and the current error, tied to the control for assistive technology (`id`,
 * `aria-describedby`, `aria-invalid`). The control itself (an input, a select, a textarea) comes
 * from `children`, which receives the attributes to spread on it.
 */
import { useId, type ReactNode } from 'react';

/** What the control needs to be read together with its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  hint?: string;
  /** The server's (or the page's) Spanish message about this value. */
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
