/** Sign-in (`/entrar`): email and password; the server's refusal is shown in the form. */
import { useState } from 'react';
import { ApiError } from '../api/http';
import { useAuth } from '../auth/AuthContext';
import { Field } from '../shell/Field';
import { useToast } from '../shell/toast';
import { AuthForm } from './AuthForm';

export function SignIn() {
  const { signIn } = useAuth();
  const { error } = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  async function submit() {
    setFormError(null);
    try {
      await signIn(email.trim(), password);
    } catch (cause) {
      setFormError(cause instanceof ApiError ? cause.message : null);
      error(cause, 'No se pudo entrar');
    }
  }

  return (
    <AuthForm
      title="Entrar"
      other={{ question: '¿No tienes cuenta?', to: '/registro', label: 'Crea una' }}
      formError={formError}
      submitLabel="Entrar"
      sendingLabel="Entrando…"
      onSubmit={submit}
    >
      <Field label="Correo electrónico">
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
            }}
          />
        )}
      </Field>
      <Field label="Contraseña">
        {(control) => (
          <input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
        )}
      </Field>
    </AuthForm>
  );
}
