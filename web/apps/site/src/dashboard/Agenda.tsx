import { useState } from 'react';
import { apiFetch } from '../api/http';
import type {
  Appointment,
  AppointmentStatus,
  ItemResponse,
  ListResponse,
  StaffMember,
} from '../api/types';
import { useResource } from '../api/useResource';
import { APPOINTMENT_STATUSES, type StatusAction } from '../appointments/status';
import { addDays, formatDate, startOfWeek, todayIn } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { Tooltip } from '../shell/Tooltip';
import { AppointmentCard } from './AppointmentCard';
import { ConfirmDialog } from './ConfirmDialog';
import { DashboardSection } from './DashboardSection';
import { FormToggle } from './FormToggle';
import { NewAppointmentForm } from './NewAppointmentForm';
import { StaffSelect } from './StaffSelect';
import { StatusSelect } from './StatusSelect';
import { ToggleGroup } from './ToggleGroup';

type View = 'day' | 'week';
const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'day', label: 'Día' },
  { value: 'week', label: 'Semana' },
];

const NEW_APPOINTMENT_FORM_ID = 'dash-new-appointment';

/** Any status first, then each one. */
const STATUS_FILTER = ['', ...APPOINTMENT_STATUSES] as const;

/** The query parameter other sections link with to open the agenda on a given day. */
export const AGENDA_DAY_PARAM = 'dia';

export function agendaDayPath(date: string): string {
  return `/dashboard?${AGENDA_DAY_PARAM}=${date}`;
}

function dayFromLocation(): string | null {
  const day = new URLSearchParams(window.location.search).get(AGENDA_DAY_PARAM);
  return day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** The agenda (D2): a day or a week of citas, filtered by status and staff member. */
export function Agenda({ timeZone }: { timeZone: string }) {
  const { toast, error: showError } = useToast();
  const today = todayIn(timeZone);
  const [view, setView] = useState<View>('day');
  const [chosenDay, setChosenDay] = useState(dayFromLocation);
  const [status, setStatus] = useState<AppointmentStatus | ''>('');
  const [staffId, setStaffId] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<{
    appointment: Appointment;
    action: StatusAction;
  }>();

  const day = chosenDay ?? today;
  const from = view === 'day' ? day : startOfWeek(day);
  const to = view === 'day' ? day : addDays(from, 6);
  const query = new URLSearchParams({ from, to });
  if (status) query.set('status', status);
  if (staffId) query.set('staffId', staffId);

  const staff = useResource<ListResponse<StaffMember>>('/api/staff');
  const appointments = useResource<ListResponse<Appointment>>(`/api/appointments?${query}`);
  const step = view === 'day' ? 1 : 7;
  const days = view === 'day' ? [day] : Array.from({ length: 7 }, (_, i) => addDays(from, i));

  async function changeStatus(appointment: Appointment, action: StatusAction) {
    setBusyId(appointment.id);
    try {
      const { item } = await apiFetch<ItemResponse<Appointment>>(
        `/api/appointments/${encodeURIComponent(appointment.id)}`,
        { method: 'PATCH', body: { status: action.to } },
      );
      appointments.update((list) => ({
        items: list.items.map((each) => (each.id === item.id ? item : each)),
      }));
      toast({ title: action.done });
    } catch (cause) {
      showError(cause, 'No se pudo cambiar la cita');
    } finally {
      setBusyId(null);
    }
  }

  function onAction(appointment: Appointment, action: StatusAction) {
    if (action.to === 'cancelada') setCancelling({ appointment, action });
    else void changeStatus(appointment, action);
  }

  return (
    <DashboardSection
      title="Agenda"
      action={
        <FormToggle
          label="Nueva cita"
          open={formOpen}
          controls={NEW_APPOINTMENT_FORM_ID}
          onToggle={() => {
            setFormOpen((open) => !open);
          }}
        />
      }
    >
      {formOpen && (
        <NewAppointmentForm
          id={NEW_APPOINTMENT_FORM_ID}
          staff={staff.data?.items ?? []}
          defaultDate={day}
          onCreated={(created) => {
            setFormOpen(false);
            setChosenDay(created.date);
            appointments.reload();
          }}
          onClose={() => {
            setFormOpen(false);
          }}
        />
      )}

      <div className="dash-toolbar" role="group" aria-label="Vista y fechas">
        <ToggleGroup label="Vista" options={VIEWS} value={view} onChange={setView} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setChosenDay(addDays(day, -step));
          }}
        >
          {view === 'day' ? 'Día anterior' : 'Semana anterior'}
        </button>
        {/* Which day "today" is, in the business's time zone, without leaving the current view. */}
        <Tooltip content={formatDate(today)}>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setChosenDay(today);
            }}
          >
            Hoy
          </button>
        </Tooltip>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setChosenDay(addDays(day, step));
          }}
        >
          {view === 'day' ? 'Día siguiente' : 'Semana siguiente'}
        </button>
      </div>

      <div className="dash-toolbar">
        <StatusSelect
          statuses={STATUS_FILTER}
          value={status}
          onChange={setStatus}
          anyLabel="Todos"
        />
        <StaffSelect
          staff={staff.data?.items ?? []}
          value={staffId}
          onChange={setStaffId}
          anyLabel="Todo el equipo"
        />
      </div>

      {view === 'week' && (
        <p className="dash-range">
          Semana del {formatDate(from, 'short')} al {formatDate(to, 'short')}
        </p>
      )}
      {/* Tells screen-reader users where the previous/next buttons took them. */}
      <p className="visually-hidden" aria-live="polite">
        {view === 'day' ? formatDate(day) : `Semana del ${formatDate(from)} al ${formatDate(to)}`}
      </p>

      {appointments.loading ? (
        <Skeleton variant="block" count={3} height="6rem" />
      ) : appointments.data === undefined ? (
        // The toast said why; an empty day here would be a false "no citas".
        <p className="dash-empty">No se pudieron cargar las citas.</p>
      ) : (
        days.map((date) => {
          const ofDay = appointments.data?.items.filter((each) => each.date === date) ?? [];
          return (
            <section key={date} className="dash-day" aria-labelledby={`dash-day-${date}`}>
              <h2 id={`dash-day-${date}`} className="dash-day-title">
                {formatDate(date)}
              </h2>
              {ofDay.length === 0 ? (
                <p className="dash-empty">No hay citas este día.</p>
              ) : (
                <ul className="dash-cards">
                  {ofDay.map((appointment) => (
                    <AppointmentCard
                      key={appointment.id}
                      appointment={appointment}
                      busy={busyId === appointment.id}
                      onAction={onAction}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}

      {cancelling && (
        <ConfirmDialog
          title="¿Cancelar la cita?"
          description={`La cita de ${cancelling.appointment.clientName} del ${formatDate(cancelling.appointment.date)} quedará cancelada.`}
          confirmLabel="Cancelar la cita"
          onCancel={() => {
            setCancelling(undefined);
          }}
          onConfirm={() => {
            setCancelling(undefined);
            void changeStatus(cancelling.appointment, cancelling.action);
          }}
        />
      )}
    </DashboardSection>
  );
}
