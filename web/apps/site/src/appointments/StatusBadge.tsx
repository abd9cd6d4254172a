import type { AppointmentStatus } from '../api/types';
import { STATUS_LABELS } from './status';

/** A cita's status in Spanish; the colour is a border cue only, the word carries the meaning. */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span className="badge" data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
