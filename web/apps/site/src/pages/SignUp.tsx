/**
 * Sign-up (`/registro`): a new cliente account. The server checks every field; its Spanish
 * message is shown next to the field it is about (and as a toast), and the new cliente lands on
 * their citas.
 */
import { useState } from 'react';
import { ApiError } from '../api/http';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/accountLimits';
import { useAuth } from '../auth/AuthContext';
import { TextField } from '../shell/TextField';
import { useToast } from '../shell/toast';
import { AuthForm } from './AuthForm';

type SignUpField = 'email' | 'password' | 'firstName' | 'lastName' | 'phone';

/** The form's fields, in order, with what the browser needs to fill them in. */
const FIELDS: {
  name: SignUpField;
  label: string;
  type: 'email' | 'password' | 'text' | 'tel';
  autoComplete: string;
  required: boolean;
  hint?: string;
}[] = [
  {
    name: 'email',
    label: 'Correo electrónico',
    type: 'email',
    autoComplete: 'email',
    required: true,
  },
  {
    name: 'password',
    label: 'Contraseña',
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    hint: `Entre ${PASSWORD_MIN} y ${PASSWORD_MAX} caracteres.`,
  },
  { name: 'firstName', label: 'Nombre', type: 'text', autoComplete: 'given-name', required: true },
  {
    name: 'lastName',
    label: 'Apellidos',
    type: 'text',
    autoComplete: 'family-name',
    required: true,
  },
  {
    name: 'phone',
    label: 'Teléfono (opcional)',
    type: 'tel',
    autoComplete: 'tel',
    required: false,
  },
];

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
  const { signUp } = useAuth();
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

  async function submit() {
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
    }
  }

  return (
    <AuthForm
      title="Crear cuenta"
      other={{ question: '¿Ya tienes cuenta?', to: '/entrar', label: 'Entra' }}
      formError={formError}
      submitLabel="Crear cuenta"
      sendingLabel="Creando cuenta…"
      onSubmit={submit}
    >
      {FIELDS.map(({ name, ...input }) => (
        <TextField
          key={name}
          {...input}
          name={name}
          error={fieldError?.field === name ? fieldError.message : undefined}
          value={values[name]}
          onChange={(typed) => {
            setValues((current) => ({ ...current, [name]: typed }));
          }}
        />
      ))}
    </AuthForm>
  );
}
