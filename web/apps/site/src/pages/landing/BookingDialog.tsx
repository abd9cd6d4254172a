/**
 * Booking a free time without the chat: a modal form over the landing page with the service and
 * time chosen, the guest's name and an email or a phone (a signed-in cliente books as herself
 * and is asked nothing), and "Reservar". The form makes one idempotency key when it opens, so a
 * resend (a double tap, a retry after a lost answer) books once. On success it says the cita's
 * state in the manage page's words and links to that page; a time taken meanwhile is handed back
 * to the card (`onTaken`), which says so and reads the times again.
 *
 * Accessible as a dialog: named by its title, focus moves in and stays in (Tab wraps), Escape
 * closes, and focus goes back to the time's chip.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { bookTime } from '../../api/bookings';
import { ApiError, errorMessage } from '../../api/http';
import type { BookedView, NextTime, Service } from '../../api/types';
import { CLIENT_STATE_AHEAD } from '../../appointments/status';
import { NAME_MAX } from '../../auth/accountLimits';
import { useAuth } from '../../auth/AuthContext';
import { normalPhone } from '../../shell/contact';
import { looksLikeEmail } from '../../shell/email';
import { formatDate, formatPrice, formatTime, labelOf } from '../../shell/format';
import { TextField } from '../../shell/TextField';
import { useFocusWhileOpen } from '../../shell/useFocusWhileOpen';

/** What a guest types once and every booking form of the page keeps (one visitor). */
export interface GuestContact {
  name: string;
  email: string;
  phone: string;
}

export const EMPTY_CONTACT: GuestContact = { name: '', email: '', phone: '' };

type ContactErrors = Partial<Record<keyof GuestContact, string>>;

/** The guest's mistakes the form can see before sending; the server has the last word. */
export function contactErrors(contact: GuestContact): ContactErrors {
  const errors: ContactErrors = {};
  const name = contact.name.trim();
  const email = contact.email.trim();
  const phone = contact.phone.trim();
  if (name === '') errors.name = 'Escribe tu nombre.';
  else if (name.length > NAME_MAX) errors.name = `Como mucho ${String(NAME_MAX)} caracteres.`;
  if (email !== '' && !looksLikeEmail(email)) {
    errors.email = 'Escribe un correo válido, como nombre@ejemplo.com.';
  }
  if (phone !== '' && normalPhone(phone) === null) {
    errors.phone = 'Escribe un teléfono válido, como 612 345 678.';
  }
  if (email === '' && phone === '') {
    // The hint above the two fields says why; the error says what is missing.
    errors.email = 'Escribe un email o un teléfono.';
  }
  return errors;
}

/** "jueves 3 de diciembre a las 10:00". */
export function whenText(date: string, startMin: number): string {
  return `${formatDate(date, 'inSentence')} a las ${formatTime(startMin)}`;
}

interface BookingDialogProps {
  service: Service;
  time: NextTime;
  contact: GuestContact;
  onContactChange: (contact: GuestContact) => void;
  /** The time was booked by someone else meanwhile (409). */
  onTaken: () => void;
  /** Closed, after a booking (`booked`) or without one. */
  onClose: (booked: boolean) => void;
}

export function BookingDialog({
  service,
  time,
  contact,
  onContactChange,
  onTaken,
  onClose,
}: BookingDialogProps) {
  const titleId = useId();
  // Focus comes back to the chip that opened the dialog, however it closes…
  const dialog = useFocusWhileOpen<HTMLDivElement>();
  // …and goes in to the first thing to fill or press.
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus();
  }, [dialog]);
  const [booked, setBooked] = useState<BookedView | null>(null);

  // Tab and Shift+Tab go round the dialog's controls; the page behind is out of reach.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(booked !== null);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = dialog.current.querySelectorAll<HTMLElement>(
      'a[href], button:not(:disabled), input:not(:disabled), [tabindex="0"]',
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="booking-overlay"
      onMouseDown={(event) => {
        // A press on the dimmed page, outside the dialog, closes it.
        if (event.target === event.currentTarget) onClose(booked !== null);
      }}
    >
      <div
        ref={dialog}
        className="booking-dialog"
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        {booked ? (
          <Booked titleId={titleId} booked={booked} email={contact.email} onClose={onClose} />
        ) : (
          <BookingForm
            titleId={titleId}
            service={service}
            time={time}
            contact={contact}
            onContactChange={onContactChange}
            onBooked={setBooked}
            onTaken={onTaken}
            onClose={onClose}
          />
        )}
      </div>
    </div>
  );
}

function BookingForm({
  titleId,
  service,
  time,
  contact,
  onContactChange,
  onBooked,
  onTaken,
  onClose,
}: Omit<BookingDialogProps, 'onClose'> & {
  titleId: string;
  onBooked: (booked: BookedView) => void;
  onClose: (booked: boolean) => void;
}) {
  const { user } = useAuth();
  // A signed-in cliente books as herself: the server takes her account's name and contacts.
  const asCliente = user?.role === 'cliente';
  // Made once per form: however often it is sent, the server books it once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<ContactErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function change(field: keyof GuestContact, value: string) {
    onContactChange({ ...contact, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(null);
    const found = asCliente ? {} : contactErrors(contact);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = contact.email.trim();
    const phone = contact.phone.trim();
    setSending(true);
    try {
      onBooked(
        await bookTime({
          serviceIds: [service.id],
          date: time.date,
          startMin: time.startMin,
          idempotencyKey,
          ...(asCliente
            ? {}
            : {
                name: contact.name.trim(),
                ...(email ? { email } : {}),
                ...(phone ? { phone } : {}),
              }),
        }),
      );
    } catch (cause) {
      setSending(false);
      if (cause instanceof ApiError && cause.status === 409) onTaken();
      else setRefusal(errorMessage(cause));
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <h2 id={titleId}>Reservar {service.name}</h2>
      <p className="booking-when">
        <strong>{whenText(time.date, time.startMin)}</strong>
        <br />
        <span className="muted">
          {service.durationMin} min · {formatPrice(service.priceCents)}
        </span>
      </p>
      {asCliente ? (
        <p>
          Reservas con tu cuenta: {user.firstName} {user.lastName} ({user.email}).
        </p>
      ) : (
        <>
          <TextField
            label="Nombre y apellidos"
            autoComplete="name"
            value={contact.name}
            error={errors.name}
            onChange={(value) => {
              change('name', value);
            }}
          />
          <p className="field-hint">Déjanos un email o un teléfono para avisarte de tu cita.</p>
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            value={contact.email}
            error={errors.email}
            onChange={(value) => {
              change('email', value);
            }}
          />
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            value={contact.phone}
            error={errors.phone}
            onChange={(value) => {
              change('phone', value);
            }}
          />
        </>
      )}
      {refusal !== null && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Reservando…' : 'Reservar'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            onClose(false);
          }}
        >
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** The booking done: what, when, its state in the manage page's words, and its page. */
function Booked({
  titleId,
  booked,
  email,
  onClose,
}: {
  titleId: string;
  booked: BookedView;
  email: string;
  onClose: (booked: boolean) => void;
}) {
  const { user } = useAuth();
  const title = useRef<HTMLHeadingElement>(null);
  // The form is gone: the news takes the focus, and a screen reader reads it.
  useEffect(() => {
    title.current?.focus();
  }, []);
  const sentTo = user?.role === 'cliente' ? user.email : email.trim();
  return (
    <div className="booking-done">
      <h2 id={titleId} ref={title} tabIndex={-1}>
        ¡Reservada!
      </h2>
      {sentTo !== '' && <p>Te hemos enviado la confirmación a {sentTo}.</p>}
      <p className="booking-when">
        <strong>{whenText(booked.date, booked.startMin)}</strong>
        <br />
        {booked.services.join(', ')}
        {booked.staffName !== '' && ` · con ${booked.staffName}`}
      </p>
      <p className="manage-state">{labelOf(CLIENT_STATE_AHEAD, booked.status)}</p>
      <div className="actions">
        <a className="button button-primary" href={booked.manageUrl}>
          Ver mi cita
        </a>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            onClose(true);
          }}
        >
          Cerrar
        </button>
      </div>
    </div>
  );
}
