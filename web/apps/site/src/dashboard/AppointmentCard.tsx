import { useEffect, useRef } from 'react';
import type { Appointment } from '../api/types';
import { allowedActions, hasStarted, type StatusAction } from '../appointments/status';
import { StatusBadge } from '../appointments/StatusBadge';
import { formatTime } from '../shell/format';
import { Link } from '../shell/router';
import { clientPath } from './ClientPage';

interface AppointmentCardProps {
  appointment: Appointment;
  /** True while a change of this cita is on its way: its buttons wait. */
  busy: boolean;
  onAction: (appointment: Appointment, action: StatusAction) => void;
}

/** One cita of the agenda: when, who, what, with whom, its status and the changes it allows. */
export function AppointmentCard({ appointment, busy, onAction }: AppointmentCardProps) {
  const time = `${formatTime(appointment.startMin)}–${formatTime(appointment.endMin)}`;
  const actions = allowedActions(appointment.status, hasStarted(appointment.startAt));
  const title = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef(appointment.status);

  // The button that changed the status is gone with it (its status allows other changes now),
  // and the browser drops a removed button's focus on the page's body: keep the keyboard on this
  // cita instead.
  useEffect(() => {
    if (shownStatus.current === appointment.status) return;
    shownStatus.current = appointment.status;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) title.current?.focus();
  }, [appointment.status]);

  return (
    <li className="card dash-card">
      <div className="dash-card-head">
        <span className="dash-time">{time}</span>
        <StatusBadge status={appointment.status} />
      </div>
      <h3 ref={title} tabIndex={-1} className="dash-card-title">
        <Link to={clientPath(appointment.clientId)}>{appointment.clientName}</Link>
      </h3>
      <ContactLinks email={appointment.clientEmail} phone={appointment.clientPhone} />
      <p>{appointment.services.map((service) => service.name).join(', ')}</p>
      <p className="muted">Con {appointment.staffName}</p>
      {actions.length > 0 && (
        <div className="actions">
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
              <span className="visually-hidden">
                {' '}
                la cita de {appointment.clientName} a las {formatTime(appointment.startMin)}
              </span>
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** A client's email and phone as links that write or call (`mailto:`, `tel:`). */
export function ContactLinks({ email, phone }: { email: string | null; phone: string | null }) {
  if (!email && !phone) return null;
  return (
    <p className="dash-contact">
      {email && <a href={`mailto:${email}`}>{email}</a>}
      {phone && <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>}
    </p>
  );
}
