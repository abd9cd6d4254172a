import { useState } from 'react';
import type { Appointment, Service, StaffMember } from '../../api/types';
import { useResource } from '../../api/queries';
import { Field } from '../../shell/Field';
import { formatTime, parseTime } from '../../shell/format';
import { TextField } from '../../shell/TextField';
import { FormPanel } from '../FormPanel';

/** The body of `PATCH /api/appointments/{id}` for a move: only what changed. */
export interface AppointmentChange {
  date?: string;
  startMin?: number;
  staffId?: string;
  serviceIds?: string[];
  outsideHours?: boolean;
}

interface ChangeAppointmentFormProps {
  appointment: Appointment;
  staff: StaffMember[];
  services: Service[];
  onSubmit: (change: AppointmentChange) => Promise<void>;
  onClose: () => void;
}

/** Whether `serviceIds` are the cita's own services (in any order). */
function sameServices(appointment: Appointment, serviceIds: string[]): boolean {
  const before = appointment.services.map((service) => service.id);
  return before.length === serviceIds.length && before.every((id) => serviceIds.includes(id));
}

/**
 * What the change form sends for the values chosen, or the Spanish reason it cannot: only the
 * fields that differ from the cita, and at least one of them.
 */
export function changeBody(
  appointment: Appointment,
  chosen: { date: string; staffId: string; serviceIds: string[]; startMin: number | null },
  outsideHours: boolean,
): AppointmentChange | string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(chosen.date)) return 'Elige un día.';
  if (chosen.serviceIds.length === 0) return 'Elige al menos un servicio.';
  if (chosen.startMin === null) {
    return outsideHours ? 'Escribe la hora (HH:MM).' : 'Elige una hora libre.';
  }
  const change: AppointmentChange = {};
  if (chosen.date !== appointment.date) change.date = chosen.date;
  if (chosen.startMin !== appointment.startMin) change.startMin = chosen.startMin;
  if (chosen.staffId !== appointment.staffId) change.staffId = chosen.staffId;
  if (!sameServices(appointment, chosen.serviceIds)) change.serviceIds = chosen.serviceIds;
  if (Object.keys(change).length === 0) return 'No has cambiado nada.';
  if (outsideHours) change.outsideHours = true;
  return change;
}

/**
 * "Cambiar": the cita's day, stylist and services, then a time the server says is free for
 * them, around the other citas but not around itself (its own time stays on offer). Staff may book outside the rules on purpose: the
 * override is explicit and recorded. Refusals (422, 409) are shown in the form, which keeps
 * what was chosen.
 */
export function ChangeAppointmentForm({
  appointment,
  staff,
  services,
  onSubmit,
  onClose,
}: ChangeAppointmentFormProps) {
  const [date, setDate] = useState(appointment.date);
  const [staffId, setStaffId] = useState(appointment.staffId);
  const [serviceIds, setServiceIds] = useState(appointment.services.map((service) => service.id));
  const [start, setStart] = useState(String(appointment.startMin));
  const [outsideHours, setOutsideHours] = useState(false);
  const [freeTime, setFreeTime] = useState(formatTime(appointment.startMin));

  // Where this cita could go: its own time does not block a move that overlaps it.
  const availability = useResource(
    !outsideHours && serviceIds.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? '/api/appointments/{id}/availability'
      : null,
    {
      params: { id: appointment.id },
      query: {
        date,
        staffId,
        serviceIds: sameServices(appointment, serviceIds) ? undefined : serviceIds.join(','),
      },
    },
  );
  const offered = availability.data?.items.map((each) => each.startMin) ?? [];
  const own = date === appointment.date && staffId === appointment.staffId;
  if (own && !offered.includes(appointment.startMin)) {
    offered.push(appointment.startMin);
    offered.sort((a, b) => a - b);
  }
  const startMin = outsideHours
    ? parseTime(freeTime)
    : offered.includes(Number(start)) && start !== ''
      ? Number(start)
      : null;

  // A cita may keep a service no longer on the menu; new choices are the active ones.
  const choices = services.filter(
    (service) => service.active || appointment.services.some(({ id }) => id === service.id),
  );

  return (
    <FormPanel
      title="Cambiar la cita"
      submitLabel="Guardar cambios"
      onClose={onClose}
      onSubmit={async () => {
        const body = changeBody(appointment, { date, staffId, serviceIds, startMin }, outsideHours);
        if (typeof body === 'string') return body;
        await onSubmit(body);
      }}
    >
      <div className="dash-grid">
        <TextField label="Día" type="date" value={date} required onChange={setDate} />
        <Field label="Estilista">
          {(control) => (
            <select
              {...control}
              value={staffId}
              onChange={(event) => {
                setStaffId(event.target.value);
              }}
            >
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.firstName} {member.lastName}
                </option>
              ))}
            </select>
          )}
        </Field>
        {outsideHours ? (
          <TextField label="Hora" type="time" value={freeTime} onChange={setFreeTime} />
        ) : (
          <Field label="Hora">
            {(control) => (
              <select
                {...control}
                value={startMin === null ? '' : String(startMin)}
                onChange={(event) => {
                  setStart(event.target.value);
                }}
              >
                <option value="">
                  {availability.loading
                    ? 'Buscando horas libres…'
                    : offered.length === 0
                      ? 'No hay horas libres'
                      : 'Elige una hora'}
                </option>
                {offered.map((minute) => (
                  <option key={minute} value={minute}>
                    {formatTime(minute)}
                    {own && minute === appointment.startMin ? ' (la actual)' : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <fieldset className="dash-fieldset">
        <legend>Servicios</legend>
        {choices.map((service) => (
          <label key={service.id} className="dash-choice">
            <input
              type="checkbox"
              checked={serviceIds.includes(service.id)}
              onChange={(event) => {
                const { checked } = event.target;
                setServiceIds((current) =>
                  checked ? [...current, service.id] : current.filter((id) => id !== service.id),
                );
              }}
            />
            {service.name} <span className="muted">({service.durationMin} min)</span>
          </label>
        ))}
      </fieldset>
      <label className="dash-choice">
        <input
          type="checkbox"
          checked={outsideHours}
          onChange={(event) => {
            setOutsideHours(event.target.checked);
          }}
        />
        Fuera de horario (una excepción que queda registrada)
      </label>
    </FormPanel>
  );
}
