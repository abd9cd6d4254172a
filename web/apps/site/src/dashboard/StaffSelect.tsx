import type { StaffMember } from '../api/types';
import { Field } from '../shell/Field';

interface StaffSelectProps {
  staff: StaffMember[];
  /** A staff member's id, or '' for the empty choice. */
  value: string;
  onChange: (staffId: string) => void;
  /** What the empty choice means where it is used: the whole team, or whoever is free. */
  anyLabel: string;
}

/** "Personal": one member of the staff, or none in particular. */
export function StaffSelect({ staff, value, onChange, anyLabel }: StaffSelectProps) {
  return (
    <Field label="Personal">
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        >
          <option value="">{anyLabel}</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.firstName} {member.lastName}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
