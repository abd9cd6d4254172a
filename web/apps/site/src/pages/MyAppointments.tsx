/**
 * A cliente's citas (`/mis-citas`): the coming ones first, soonest first, then the last month's,
 * most recent first. Guests are asked to sign in; staff are pointed to the dashboard.
 */
import { useState } from 'react';
import type { Appointment, ListResponse } from '../api/types';
import { useResource } from '../api/useResource';
import { useAuth } from '../auth/AuthContext';
import { isStaff } from '../auth/roles';
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
      <h1>Mis citas</h1>
      {content}
    </div>
  );
}

function ClientAppointments() {
  const { loading: businessLoading } = useBusiness();
  const timeZone = useTimeZone();
  // Two reads, as one would pass the server's 92-day limit: the month before today, and today on.
  const today = businessLoading ? null : todayIn(timeZone);
  const upcoming = useResource<ListResponse<Appointment>>(
    today && `/api/appointments?from=${today}&to=${addDays(today, AHEAD_DAYS)}`,
  );
  const earlier = useResource<ListResponse<Appointment>>(
    today && `/api/appointments?from=${addDays(today, -PAST_DAYS)}&to=${addDays(today, -1)}`,
  );
  const [now] = useState(() => Date.now());

  if (today === null || upcoming.loading || earlier.loading) {
    return <Skeleton variant="block" count={2} />;
  }
  if (!upcoming.data || !earlier.data) {
    return <p className="muted">No se pudieron cargar tus citas.</p>;
  }

  // Today's citas that have already ended count as past.
  const all = [...earlier.data.items, ...upcoming.data.items];
  const coming = all.filter((cita) => Date.parse(cita.endAt) > now);
  const past = all.filter((cita) => Date.parse(cita.endAt) <= now).reverse();

  const replace = (changed: Appointment) => {
    upcoming.update((list) => ({
      items: list.items.map((cita) => (cita.id === changed.id ? changed : cita)),
    }));
  };

  return (
    <>
      <section aria-labelledby="coming-title">
        <h2 id="coming-title">Próximas</h2>
        {coming.length === 0 ? (
          <p className="muted">
            No tienes citas próximas. Puedes reservar desde el chat, abajo a la derecha.
          </p>
        ) : (
          <ul className="appointment-list">
            {coming.map((cita) => (
              <AppointmentItem key={cita.id} appointment={cita} onChanged={replace} />
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
    </>
  );
}
