import { labelOf } from '../shell/format';
import { STATUS_LABELS } from './status';

/** A cita's status in Spanish; the colour is a border cue only, the word carries the meaning. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className="badge" data-status={status}>
      {labelOf(STATUS_LABELS, status)}
    </span>
  );
}
