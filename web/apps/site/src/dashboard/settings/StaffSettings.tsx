import { useState } from 'react';
import { api } from '../../api/client';
import type { Business, StaffMember, StaffSchedule } from '../../api/types';
import { useResource, useServices, useStaff } from '../../api/queries';
import { Field } from '../../shell/Field';
import { Skeleton } from '../../shell/Skeleton';
import { DateRanges } from './DateRanges';
import { fromDrafts, toDrafts } from './periods';
import { PeriodsEditor } from './PeriodsEditor';
import { SettingsForm } from './SettingsForm';

/**
 * "Equipo" in Ajustes: for the stylist chosen, whether they take bookings, the services they
 * do, their weekly periods (or the salon's) and their time off.
 */
export function StaffSettings({ business, isAdmin }: { business: Business; isAdmin: boolean }) {
  const staff = useStaff();
  const [chosen, setChosen] = useState('');
  const members = staff.data?.items ?? [];
  const member = members.find((each) => each.id === chosen) ?? members[0];
  if (staff.loading) return <Skeleton variant="block" height="10rem" />;
  if (!member) return <p className="dash-empty">No hay nadie en el equipo.</p>;
  return (
    <div className="settings-stack">
      <Field label="Estilista">
        {(control) => (
          <select
            {...control}
            value={member.id}
            onChange={(event) => {
              setChosen(event.target.value);
            }}
          >
            {members.map((each) => (
              <option key={each.id} value={each.id}>
                {each.firstName} {each.lastName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ScheduleLoader key={member.id} member={member} business={business} />
      <DateRanges
        key={`off-${member.id}`}
        staffId={member.id}
        title={`Ausencias de ${member.firstName}`}
        noun="Ausencia"
        reasonHint="Vacaciones, médico, formación…"
        canEdit={isAdmin}
      />
    </div>
  );
}

function ScheduleLoader({ member, business }: { member: StaffMember; business: Business }) {
  const schedule = useResource('/api/staff/{id}/schedule', { params: { id: member.id } });
  if (schedule.loading) return <Skeleton variant="block" height="10rem" />;
  if (!schedule.data) return <p className="dash-empty">No se pudo leer el horario.</p>;
  return <ScheduleForm member={member} business={business} initial={schedule.data.item} />;
}

function ScheduleForm({
  member,
  business,
  initial,
}: {
  member: StaffMember;
  business: Business;
  initial: StaffSchedule;
}) {
  const services = useServices();
  const [bookable, setBookable] = useState(initial.bookable);
  const [follows, setFollows] = useState(initial.followsBusinessHours);
  const [serviceIds, setServiceIds] = useState(initial.serviceIds);
  const [drafts, setDrafts] = useState(() =>
    toDrafts(initial.followsBusinessHours ? business.hours : initial.periods),
  );
  return (
    <SettingsForm
      title={`Horario y servicios de ${member.firstName}`}
      onSave={async () => {
        const periods = follows ? null : fromDrafts(drafts);
        if (typeof periods === 'string') return periods;
        if (bookable && serviceIds.length === 0) {
          return 'Elige al menos un servicio, o desactiva «Acepta reservas».';
        }
        await api.put('/api/staff/{id}/schedule', {
          params: { id: member.id },
          body: { periods, serviceIds, bookable },
        });
      }}
    >
      <label className="dash-choice">
        <input
          type="checkbox"
          checked={bookable}
          onChange={(event) => {
            setBookable(event.target.checked);
          }}
        />
        Acepta reservas
      </label>
      <fieldset className="dash-fieldset">
        <legend>Servicios que hace</legend>
        {services.data?.items.map((service) => (
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
            {service.name}
            {!service.active && <span className="muted"> (no se ofrece)</span>}
          </label>
        ))}
      </fieldset>
      <label className="dash-choice">
        <input
          type="checkbox"
          checked={follows}
          onChange={(event) => {
            setFollows(event.target.checked);
          }}
        />
        Igual que el horario del salón
      </label>
      {!follows && (
        <PeriodsEditor
          label={`Horario de ${member.firstName}`}
          value={drafts}
          onChange={setDrafts}
        />
      )}
    </SettingsForm>
  );
}
