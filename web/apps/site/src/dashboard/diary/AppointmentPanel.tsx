/**
 * A cita's panel beside the diary: who, what, when, with whom, its status and price, the
 * client's phone and email as links, the status changes the rules allow, and "Cambiar" (day,
 * time, stylist, services), which is also the keyboard's way to do what a drag does.
 */
import { useState, type KeyboardEvent } from 'react';
import type { Appointment, Service, StaffMember } from '../../api/types';
import { useServices } from '../../api/queries';
import { ClientConfirmedMark } from '../../appointments/ClientConfirmedMark';
import { allowedActions, hasStarted, type StatusAction } from '../../appointments/status';
import { StatusBadge } from '../../appointments/StatusBadge';
import { Link } from '../../shell/router';
import { formatPhone, telHref } from '../../shell/contact';
import { formatDate, formatPrice, formatTime } from '../../shell/format';
import { useFocusWhileOpen } from '../../shell/useFocusWhileOpen';
import { ChangeAppointmentForm, type AppointmentChange } from './ChangeAppointmentForm';
import { isMovable } from './DiaryGrid';

interface AppointmentPanelProps {
  appointment: Appointment;
  staff: StaffMember[];
  busy: boolean;
  onAction: (appointment: Appointment, action: StatusAction) => void;
  /** Sends a change; rejects with the server's refusal, which the form shows. */
  onChange: (appointment: Appointment, change: AppointmentChange) => Promise<void>;
  onClose: () => void;
}

/** The price of the cita's services at today's prices (the API keeps no price per cita). */
export function priceOf(appointment: Appointment, services: Service[]): number | null {
  let total = 0;
  for (const { id } of appointment.services) {
    const service = services.find((each) => each.id === id);
    if (!service) return null;
    total += service.priceCents;
  }
  return total;
}

export function AppointmentPanel({
  appointment,
  staff,
  busy,
  onAction,
  onChange,
  onClose,
}: AppointmentPanelProps) {
  const heading = useFocusWhileOpen<HTMLHeadingElement>();
  const [changing, setChanging] = useState(false);
  const services = useServices();
  const price = services.data ? priceOf(appointment, services.data.items) : null;
  // A cita that has started (or is over) can also be marked as a no-show.
  const actions = allowedActions(appointment.status, hasStarted(appointment.startAt));

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || changing) return;
    event.preventDefault();
    onClose();
  }

  return (
    <aside
      className="card diary-panel"
      aria-labelledby="diary-panel-title"
      onKeyDown={closeOnEscape}
    >
      <div className="diary-panel-head">
        <h2 id="diary-panel-title" ref={heading} tabIndex={-1}>
          Cita de {appointment.clientName}
        </h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cerrar<span className="visually-hidden"> la cita</span>
        </button>
      </div>
      <dl className="diary-facts">
        <dt>Cuándo</dt>
        <dd>
          {formatDate(appointment.date)}, {formatTime(appointment.startMin)}–
          {formatTime(appointment.endMin)}
        </dd>
        <dt>Con</dt>
        <dd>{appointment.staffName}</dd>
        <dt>Servicios</dt>
        <dd>{appointment.services.map((service) => service.name).join(', ')}</dd>
        <dt>Estado</dt>
        <dd>
          <StatusBadge status={appointment.status} />
          {appointment.clientConfirmed && <ClientConfirmedMark className="diary-panel-confirmed" />}
          {appointment.outsideHours && <span className="muted"> · Fuera de horario</span>}
        </dd>
        <dt>Precio</dt>
        <dd>{price === null ? '—' : formatPrice(price)}</dd>
        <dt>Teléfono</dt>
        <dd>
          {appointment.clientPhone ? (
            <a href={telHref(appointment.clientPhone)}>{formatPhone(appointment.clientPhone)}</a>
          ) : (
            'Sin teléfono'
          )}
        </dd>
        <dt>Correo</dt>
        <dd>
          {appointment.clientEmail ? (
            <a href={`mailto:${appointment.clientEmail}`}>{appointment.clientEmail}</a>
          ) : (
            'Sin correo'
          )}
        </dd>
      </dl>
      {appointment.chatSessionId && (
        <p>
          <Link to={`/dashboard/conversaciones/${encodeURIComponent(appointment.chatSessionId)}`}>
            Ver la conversación del chat
          </Link>
        </p>
      )}
      {!changing && (
        <div className="actions">
          {isMovable(appointment) && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setChanging(true);
              }}
            >
              Cambiar
            </button>
          )}
          {actions.map((action) => (
            <button
              key={action.to}
              type="button"
              className={
                action.to === 'cancelada' ? 'button button-danger-quiet' : 'button button-secondary'
              }
              disabled={busy}
              onClick={() => {
                onAction(appointment, action);
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      {changing && (
        <ChangeAppointmentForm
          appointment={appointment}
          staff={staff}
          services={services.data?.items ?? []}
          onSubmit={async (change) => {
            await onChange(appointment, change);
            setChanging(false);
          }}
          onClose={() => {
            setChanging(false);
          }}
        />
      )}
    </aside>
  );
}
