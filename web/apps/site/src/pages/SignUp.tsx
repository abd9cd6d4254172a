/**
 * Sign-up (`/registro`): a new cliente account. The server checks every field; its Spanish
 * message is shown next to the field it is about (and as a toast), and the new cliente lands on
 * their citas.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { ApiError } from '../api/http';
import { useAuth } from '../auth/AuthContext';
import { homePathOf } from '../auth/roles';
import { Field } from '../shell/Field';
import { Link, navigate } from '../shell/router';
import { useToast } from '../shell/toast';
import { usePageTitle } from '../shell/usePageTitle';

type SignUpField = 'email' | 'password' | 'firstName' | 'lastName' | 'phone';

/** The field a sign-up error code is about (`missing_name` is about the empty one). */
function fieldOfError(code: string, firstName: string): SignUpField | null {
  switch (code) {
    case 'invalid_email':
    case 'email_taken':
      return 'email';
    case 'weak_password':
    case 'long_password':
      return 'password';
    case 'missing_name':
    case 'long_name':
      return code === 'missing_name' && firstName.trim() !== '' ? 'lastName' : 'firstName';
    case 'invalid_phone':
      return 'phone';
    default:
      return null;
  }
}

export function SignUp() {
  usePageTitle('Crear cuenta');
  const { user, signUp } = useAuth();
  const { toast, error } = useToast();
  const [values, setValues] = useState<Record<SignUpField, string>>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    phone: '',
  });
  const [fieldError, setFieldError] = useState<{ field: SignUpField; message: string } | null>(
    null,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (user) navigate(homePathOf(user));
  }, [user]);

  function change(field: SignUpField) {
    return (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
    };
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setFieldError(null);
    setFormError(null);
    const phone = values.phone.trim();
    try {
      await signUp({
        email: values.email.trim(),
        password: values.password,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        ...(phone ? { phone } : {}),
      });
      toast({ title: 'Cuenta creada', description: 'Ya puedes reservar y ver tus citas.' });
    } catch (cause) {
      if (cause instanceof ApiError) {
        const field = fieldOfError(cause.code, values.firstName);
        if (field) setFieldError({ field, message: cause.message });
        else setFormError(cause.message);
      }
      error(cause, 'No se pudo crear la cuenta');
    } finally {
      setSending(false);
    }
  }

  const errorOf = (field: SignUpField) =>
    fieldError?.field === field ? fieldError.message : undefined;

  return (
    <div className="page narrow">
      <h1>Crear cuenta</h1>
      <p className="muted">
        ¿Ya tienes cuenta? <Link to="/entrar">Entra</Link>
      </p>
      <form className="form card" onSubmit={(event) => void submit(event)}>
        <Field
          label="Correo electrónico"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={change('email')}
          error={errorOf('email')}
        />
        <Field
          label="Contraseña"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="Entre 8 y 128 caracteres."
          value={values.password}
          onChange={change('password')}
          error={errorOf('password')}
        />
        <Field
          label="Nombre"
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          onChange={change('firstName')}
          error={errorOf('firstName')}
        />
        <Field
          label="Apellidos"
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          onChange={change('lastName')}
          error={errorOf('lastName')}
        />
        <Field
          label="Teléfono (opcional)"
          type="tel"
          name="phone"
          autoComplete="tel"
          value={values.phone}
          onChange={change('phone')}
          error={errorOf('phone')}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Creando cuenta…' : 'Crear cuenta'}
        </button>
      </form>
    </div>
  );
}
