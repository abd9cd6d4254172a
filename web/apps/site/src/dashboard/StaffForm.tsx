import { useState } from 'react';
import { api } from '../api/client';
import type { StaffMember, StaffRole } from '../api/types';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../auth/accountLimits';
import { Field } from '../shell/Field';
import { TextField } from '../shell/TextField';
import { useToast } from '../shell/toast';
import { FormPanel } from './FormPanel';
import { STAFF_ROLE_LABELS } from './staffRoles';

interface StaffDraft {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: StaffRole;
}

type StaffErrors = Partial<Record<keyof StaffDraft, string>>;

function validate(draft: StaffDraft): StaffErrors {
  const errors: StaffErrors = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) {
    errors.email = 'Escribe un correo válido.';
  }
  if (draft.password.length < PASSWORD_MIN) {
    errors.password = `La contraseña necesita al menos ${PASSWORD_MIN} caracteres.`;
  } else if (draft.password.length > PASSWORD_MAX) {
    errors.password = `La contraseña admite ${PASSWORD_MAX} caracteres como máximo.`;
  }
  if (draft.firstName.trim() === '') errors.firstName = 'Escribe el nombre.';
  if (draft.lastName.trim() === '') errors.lastName = 'Escribe los apellidos.';
  return errors;
}

/** Adds a member of staff with a new account (administrador). */
export function StaffForm({
  onAdded,
  onClose,
}: {
  onAdded: (member: StaffMember) => void;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [draft, setDraft] = useState<StaffDraft>({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    phone: '',
    role: 'usuario',
  });
  const [errors, setErrors] = useState<StaffErrors>({});

  function change<K extends keyof StaffDraft>(key: K, value: StaffDraft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function add(): Promise<undefined> {
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phone = draft.phone.trim();
    const { item } = await api.post('/api/staff', {
      body: {
        email: draft.email.trim(),
        password: draft.password,
        firstName: draft.firstName.trim(),
        lastName: draft.lastName.trim(),
        ...(phone && { phone }),
        role: draft.role,
      },
    });
    toast({ title: 'Miembro añadido', description: `${item.firstName} ${item.lastName}` });
    onAdded(item);
  }

  const accountField = (
    key: 'email' | 'firstName' | 'lastName' | 'phone',
    label: string,
    type = 'text',
  ) => (
    <TextField
      label={label}
      error={errors[key]}
      type={type}
      value={draft[key]}
      maxLength={key === 'firstName' || key === 'lastName' ? NAME_MAX : undefined}
      autoComplete="off"
      onChange={(typed) => {
        change(key, typed);
      }}
    />
  );

  return (
    <FormPanel title="Añadir miembro" submitLabel="Añadir" onSubmit={add} onClose={onClose}>
      <div className="dash-grid">
        {accountField('firstName', 'Nombre')}
        {accountField('lastName', 'Apellidos')}
        {accountField('email', 'Correo', 'email')}
        {accountField('phone', 'Teléfono (opcional)', 'tel')}
        <TextField
          label="Contraseña"
          error={errors.password}
          type="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={(text) => {
            change('password', text);
          }}
        />
        <Field label="Rol">
          {(control) => (
            <select
              {...control}
              value={draft.role}
              onChange={(event) => {
                change('role', event.target.value as StaffDraft['role']);
              }}
            >
              {Object.entries(STAFF_ROLE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </FormPanel>
  );
}
