import type { AppointmentStatus } from '../api/types';
import { STATUS_LABELS } from '../appointments/status';
import { Field } from '../shell/Field';

interface StatusSelectProps<T extends AppointmentStatus | ''> {
  /** The choices, in order; '' is a filter's "any status", named by `anyLabel`. */
  statuses: readonly T[];
  value: T;
  onChange: (status: T) => void;
  anyLabel?: string;
}

/** "Estado": a cita's status, in the words of `STATUS_LABELS`. */
export function StatusSelect<T extends AppointmentStatus | ''>({
  statuses,
  value,
  onChange,
  anyLabel = '',
}: StatusSelectProps<T>) {
  const labelOf = (status: AppointmentStatus | '') =>
    status === '' ? anyLabel : STATUS_LABELS[status];
  return (
    <Field label="Estado">
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => {
            // The options are exactly `statuses`.
            onChange(event.target.value as T);
          }}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labelOf(status)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
