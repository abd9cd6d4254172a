import { useState } from 'react';
import { api } from '../../api/client';
import type { Business, FaqEntry } from '../../api/types';
import { looksLikeEmail } from '../../shell/email';
import { Field } from '../../shell/Field';
import { TextField } from '../../shell/TextField';
import { SettingsForm } from './SettingsForm';

export const MAX_FAQ = 50;
const COLOR = /^#[0-9a-fA-F]{6}$/;

export interface ProfileDraft {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  description: string;
  paymentMethods: string;
  parking: string;
  access: string;
  brandColor: string;
  faq: (FaqEntry & { key: number })[];
}

let faqKey = 0;

export function profileDraft(business: Business): ProfileDraft {
  return {
    name: business.name,
    street: business.address.street,
    postalCode: business.address.postalCode,
    city: business.address.city,
    phone: business.phone,
    email: business.email,
    description: business.description,
    paymentMethods: business.paymentMethods.join(', '),
    parking: business.parking,
    access: business.access,
    brandColor: business.brandColor,
    faq: business.faq.map((entry) => ({ ...entry, key: faqKey++ })),
  };
}

/** The body of `PATCH /api/business` for the profile, or the Spanish reason it cannot be sent. */
export function profileBody(draft: ProfileDraft): Record<string, unknown> | string {
  const name = draft.name.trim();
  if (name === '') return 'Escribe el nombre del negocio.';
  if (name.length > 80) return 'El nombre admite hasta 80 caracteres.';
  if (draft.description.trim().length > 500) return 'La descripción admite hasta 500 caracteres.';
  if (draft.parking.trim().length > 300 || draft.access.trim().length > 300) {
    return 'Aparcamiento y acceso admiten hasta 300 caracteres cada uno.';
  }
  const email = draft.email.trim();
  if (email !== '' && !looksLikeEmail(email))
    return 'El correo no parece válido (nombre@dominio.es).';
  const phone = draft.phone.trim();
  if (phone !== '' && !/^\+?[\d\s().-]{6,20}$/.test(phone)) {
    return 'El teléfono solo admite números, espacios y un + al principio.';
  }
  if (!/^[\p{L}\d -]{0,10}$/u.test(draft.postalCode.trim())) {
    return 'El código postal admite hasta 10 letras, cifras, espacios o guiones.';
  }
  if (!COLOR.test(draft.brandColor)) return 'El color de marca se escribe como #rrggbb.';
  if (draft.faq.length > MAX_FAQ) return `Como mucho ${String(MAX_FAQ)} preguntas frecuentes.`;
  const faq: FaqEntry[] = [];
  for (const [index, entry] of draft.faq.entries()) {
    const question = entry.question.trim();
    const answer = entry.answer.trim();
    if (question === '' || answer === '') {
      return `La pregunta ${String(index + 1)} necesita pregunta y respuesta.`;
    }
    if (question.length > 200 || answer.length > 1000) {
      return `La pregunta ${String(index + 1)}: hasta 200 caracteres la pregunta y 1000 la respuesta.`;
    }
    faq.push({ question, answer });
  }
  const paymentMethods = draft.paymentMethods
    .split(',')
    .map((method) => method.trim())
    .filter((method) => method !== '');
  if (paymentMethods.length > 10 || paymentMethods.some((method) => method.length > 40)) {
    return 'Hasta 10 formas de pago, de hasta 40 caracteres cada una.';
  }
  return {
    name,
    address: {
      street: draft.street.trim(),
      postalCode: draft.postalCode.trim(),
      city: draft.city.trim(),
    },
    phone,
    email,
    description: draft.description.trim(),
    paymentMethods,
    parking: draft.parking.trim(),
    access: draft.access.trim(),
    brandColor: draft.brandColor.toLowerCase(),
    faq,
  };
}

function TextArea({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
    </Field>
  );
}

/** "Perfil": what the landing page and the assistant say about the salon. */
export function ProfileForm({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (business: Business) => void;
}) {
  const [draft, setDraft] = useState(() => profileDraft(business));
  const set = (change: Partial<ProfileDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  const setFaq = (key: number, change: Partial<FaqEntry>) => {
    set({ faq: draft.faq.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)) });
  };

  return (
    <SettingsForm
      title="Perfil del negocio"
      onSave={async () => {
        const body = profileBody(draft);
        if (typeof body === 'string') return body;
        const { item } = await api.patch('/api/business', { body });
        onSaved(item);
      }}
    >
      <div className="dash-grid">
        <TextField
          label="Nombre"
          value={draft.name}
          onChange={(name) => {
            set({ name });
          }}
        />
        <TextField
          label="Teléfono"
          type="tel"
          value={draft.phone}
          onChange={(phone) => {
            set({ phone });
          }}
        />
        <TextField
          label="Correo"
          type="email"
          value={draft.email}
          onChange={(email) => {
            set({ email });
          }}
        />
        <TextField
          label="Calle y número"
          value={draft.street}
          onChange={(street) => {
            set({ street });
          }}
        />
        <TextField
          label="Código postal"
          inputMode="numeric"
          value={draft.postalCode}
          onChange={(postalCode) => {
            set({ postalCode });
          }}
        />
        <TextField
          label="Ciudad"
          value={draft.city}
          onChange={(city) => {
            set({ city });
          }}
        />
        <Field label="Color de marca" hint="Se usa en la web y en el chat.">
          {(control) => (
            <span className="settings-color">
              <input
                {...control}
                type="color"
                value={COLOR.test(draft.brandColor) ? draft.brandColor : '#000000'}
                onChange={(event) => {
                  set({ brandColor: event.target.value });
                }}
              />
              <input
                type="text"
                aria-label="Color de marca en hexadecimal"
                value={draft.brandColor}
                onChange={(event) => {
                  set({ brandColor: event.target.value });
                }}
              />
            </span>
          )}
        </Field>
        <TextField
          label="Formas de pago"
          hint="Separadas por comas: Efectivo, Tarjeta, Bizum."
          value={draft.paymentMethods}
          onChange={(paymentMethods) => {
            set({ paymentMethods });
          }}
        />
      </div>
      <TextArea
        label="Descripción"
        hint="Una o dos frases sobre el salón."
        value={draft.description}
        onChange={(description) => {
          set({ description });
        }}
      />
      <TextArea
        label="Aparcamiento"
        value={draft.parking}
        onChange={(parking) => {
          set({ parking });
        }}
      />
      <TextArea
        label="Acceso"
        hint="Escaleras, ascensor, silla de ruedas…"
        value={draft.access}
        onChange={(access) => {
          set({ access });
        }}
      />

      <fieldset className="dash-fieldset">
        <legend>
          Preguntas frecuentes ({draft.faq.length} de {MAX_FAQ})
        </legend>
        <p className="field-hint">El asistente responde con ellas en el chat.</p>
        {draft.faq.map((entry, index) => (
          <div
            key={entry.key}
            className="settings-faq"
            role="group"
            aria-label={`Pregunta frecuente ${String(index + 1)}`}
          >
            <TextField
              label={`Pregunta ${String(index + 1)}`}
              value={entry.question}
              onChange={(question) => {
                setFaq(entry.key, { question });
              }}
            />
            <TextArea
              label={`Respuesta ${String(index + 1)}`}
              value={entry.answer}
              onChange={(answer) => {
                setFaq(entry.key, { answer });
              }}
            />
            <button
              type="button"
              className="button button-danger-quiet"
              onClick={() => {
                set({ faq: draft.faq.filter((each) => each.key !== entry.key) });
              }}
            >
              Quitar la pregunta {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-secondary"
          disabled={draft.faq.length >= MAX_FAQ}
          onClick={() => {
            set({ faq: [...draft.faq, { key: faqKey++, question: '', answer: '' }] });
          }}
        >
          Añadir pregunta
        </button>
      </fieldset>
    </SettingsForm>
  );
}
