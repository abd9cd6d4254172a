/** Sign-in (`/entrar`): email and password; the server's refusal is shown in the form. */
import { useState } from 'react';
import { ApiError } from '../api/http';
import { useAuth } from '../auth/AuthContext';
import { TextField } from '../shell/TextField';
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
      <TextField
        label="Correo electrónico"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
      />
      <TextField
        label="Contraseña"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
    </AuthForm>
  );
}
