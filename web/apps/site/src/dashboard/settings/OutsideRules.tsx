import { useResource } from '../../api/queries';
import { StatusBadge } from '../../appointments/StatusBadge';
import { formatDate, formatTime } from '../../shell/format';
import { Link } from '../../shell/router';
import { Skeleton } from '../../shell/Skeleton';
import { agendaDayPath } from '../diary/Diary';

/**
 * The citas the current rules no longer allow (hours, closures, schedules, skills): nothing is
 * moved or cancelled by itself, so staff see them here and open each one in the diary.
 */
export function OutsideRules() {
  const list = useResource('/api/business/outside-rules');
  if (list.loading) return <Skeleton variant="paragraph" />;
  if (!list.data) return <p className="dash-empty">No se pudo leer la lista.</p>;
  if (list.data.items.length === 0) {
    return <p className="dash-empty">Todas las citas futuras cumplen las reglas actuales.</p>;
  }
  return (
    <ul className="settings-list settings-outside">
      {list.data.items.map((appointment) => (
        <li key={appointment.id}>
          <div>
            <Link to={agendaDayPath(appointment.date, appointment.id)}>
              {formatDate(appointment.date)}, {formatTime(appointment.startMin)}:{' '}
              {appointment.clientName} con {appointment.staffName}
            </Link>{' '}
            <StatusBadge status={appointment.status} />
            {appointment.reason && <p className="muted">{appointment.reason}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
