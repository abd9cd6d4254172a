/**
 * Sign-in (`/entrar`). Once someone is signed in (now, or already when they arrive) they go to
 * their own page: staff to the dashboard, clientes to their citas.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { ApiError } from '../api/http';
import { useAuth } from '../auth/AuthContext';
import { homePathOf } from '../auth/roles';
import { Field } from '../shell/Field';
import { Link, navigate } from '../shell/router';
import { useToast } from '../shell/toast';
import { usePageTitle } from '../shell/usePageTitle';

export function SignIn() {
  usePageTitle('Entrar');
  const { user, signIn } = useAuth();
  const { error } = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (user) navigate(homePathOf(user));
  }, [user]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setFormError(null);
    try {
      await signIn(email.trim(), password);
    } catch (cause) {
      setFormError(cause instanceof ApiError ? cause.message : null);
      error(cause, 'No se pudo entrar');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="page narrow">
      <h1>Entrar</h1>
      <p className="muted">
        ¿No tienes cuenta? <Link to="/registro">Crea una</Link>
      </p>
      <form className="form card" onSubmit={(event) => void submit(event)}>
        <Field
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <Field
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Entrando…' : 'Entrar'}
        </button>
      </form>
    </div>
  );
}
