/**
 * The frame of the sign-in and sign-up pages: the heading, the link to the other page, the form
 * with its error and submit button. Whoever is signed in, now or already on arrival, goes on to
 * their own page: staff to the dashboard, clientes to their citas.
 */
import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { useAuth } from '../auth/AuthContext';
import { homePathOf } from '../auth/roles';
import { Link, navigate } from '../shell/router';
import { usePageTitle } from '../shell/usePageTitle';

interface AuthFormProps {
  title: string;
  /** The way to the other page: "¿No tienes cuenta?" and a link. */
  other: { question: string; to: string; label: string };
  /** A problem of the whole form (one about a field is shown at that field). */
  formError: string | null;
  submitLabel: string;
  sendingLabel: string;
  /** Sends the form; the button waits until it settles. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

export function AuthForm({
  title,
  other,
  formError,
  submitLabel,
  sendingLabel,
  onSubmit,
  children,
}: AuthFormProps) {
  usePageTitle(title);
  const { user } = useAuth();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (user) navigate(homePathOf(user));
  }, [user]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await onSubmit();
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page narrow">
      <h1>{title}</h1>
      <p className="muted">
        {other.question} <Link to={other.to}>{other.label}</Link>
      </p>
      <form className="form card" onSubmit={(event) => void submit(event)}>
        {children}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? sendingLabel : submitLabel}
        </button>
      </form>
    </div>
  );
}
