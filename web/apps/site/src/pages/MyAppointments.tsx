/**
 * A cliente's citas (`/mis-citas`): the coming ones first, soonest first (each can be moved,
 * cancelled or added to a calendar), then the last month's, most recent first, then the
 * cancelled ones (a cancelled cita leaves "Próximas" at once). "Reservar" opens the chat.
 * Guests are asked to sign in; staff are pointed to the dashboard.
 */
import { useRef, useState } from 'react';
import type { Appointment, ListResponse } from '../api/types';
import { useResource } from '../api/queries';
import { holdsTime } from '../appointments/status';
import { useAuth } from '../auth/AuthContext';
import { isStaff } from '../auth/roles';
import { useOpenChat } from '../chat/useOpenChat';
import { useBusiness, useTimeZone } from '../shell/business';
import { addDays, todayIn } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { usePageTitle } from '../shell/usePageTitle';
import { AppointmentItem } from './AppointmentItem';

/** How far back the page looks; the server answers at most 92 days per request. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 92;

export function MyAppointments() {
  usePageTitle('Mis citas');
  const { user, loading } = useAuth();

  let content;
  if (loading) content = <Skeleton variant="block" count={2} />;
  else if (!user)
    content = (
      <>
        <p>Entra con tu cuenta para ver y gestionar tus citas.</p>
        <p className="actions">
          <Link to="/entrar" className="button button-primary">
            Entrar
          </Link>
          <Link to="/registro" className="button button-secondary">
            Crear cuenta
          </Link>
        </p>
      </>
    );
  else if (isStaff(user.role))
    content = (
      <p>
        Las citas del negocio se gestionan en el <Link to="/dashboard">panel</Link>.
      </p>
    );
  else content = <ClientAppointments />;

  return (
    <div className="page narrow">
      <div className="page-head">
        <h1>Mis citas</h1>
        {user && !isStaff(user.role) && <BookButton />}
      </div>
      {content}
    </div>
  );
}

/** "Reservar": a new cita is booked with the assistant, so it opens the chat. */
function BookButton() {
  const openChat = useOpenChat();
  if (!openChat) return null;
  return (
    <button
      type="button"
      className="button button-primary"
      onClick={() => {
        openChat();
      }}
    >
      Reservar
    </button>
  );
}

function ClientAppointments() {
  const { loading: businessLoading } = useBusiness();
  const timeZone = useTimeZone();
  // Two reads, as one would pass the server's 92-day limit: the month before today, and today on.
  const today = businessLoading ? null : todayIn(timeZone);
  // Days from today; nothing is read (nor any date worked out) until today is known.
  const span = (from: number, to: number) =>
    today === null ? { from: '', to: '' } : { from: addDays(today, from), to: addDays(today, to) };
  const upcoming = useResource(today === null ? null : '/api/appointments', {
    query: span(0, AHEAD_DAYS),
  });
  const earlier = useResource(today === null ? null : '/api/appointments', {
    query: span(-PAST_DAYS, -1),
  });
  const [now] = useState(() => Date.now());
  const comingTitle = useRef<HTMLHeadingElement>(null);

  if (today === null || upcoming.loading || earlier.loading) {
    return <Skeleton variant="block" count={2} />;
  }
  if (!upcoming.data || !earlier.data) {
    return <p className="muted">No se pudieron cargar tus citas.</p>;
  }

  // Today's citas that have already ended count as past; a cancelled one leaves "Próximas".
  // A moved cita may now come before or after others: order by when they start.
  const all = [...earlier.data.items, ...upcoming.data.items].sort(
    (a, b) => Date.parse(a.startAt) - Date.parse(b.startAt),
  );
  const isComing = (cita: Appointment) => Date.parse(cita.endAt) > now && holdsTime(cita.status);
  const coming = all.filter(isComing);
  const cancelled = all.filter((cita) => cita.status === 'cancelada');
  const past = all.filter((cita) => !isComing(cita) && cita.status !== 'cancelada').reverse();

  const replace = (changed: Appointment) => {
    const swap = (list: ListResponse<Appointment>) => ({
      items: list.items.map((cita) => (cita.id === changed.id ? changed : cita)),
    });
    upcoming.update(swap);
    earlier.update(swap);
    // The changed cita's card may have left the list (cancelled): keep the keyboard on the list.
    if (!isComing(changed)) comingTitle.current?.focus();
  };

  return (
    <>
      <section aria-labelledby="coming-title">
        <h2 id="coming-title" ref={comingTitle} tabIndex={-1}>
          Próximas
        </h2>
        {coming.length === 0 ? (
          <p className="muted">
            No tienes citas próximas. Pulsa «Reservar» para pedir una en el chat.
          </p>
        ) : (
          <ul className="appointment-list">
            {coming.map((cita) => (
              <AppointmentItem key={cita.id} appointment={cita} onChanged={replace} today={today} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="past-title">
        <h2 id="past-title">Anteriores</h2>
        {past.length === 0 ? (
          <p className="muted">No tienes citas en el último mes.</p>
        ) : (
          <ul className="appointment-list">
            {past.map((cita) => (
              <AppointmentItem key={cita.id} appointment={cita} />
            ))}
          </ul>
        )}
      </section>
      {cancelled.length > 0 && (
        <section aria-labelledby="cancelled-title">
          <h2 id="cancelled-title">Canceladas</h2>
          <ul className="appointment-list">
            {cancelled.map((cita) => (
              <AppointmentItem key={cita.id} appointment={cita} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
