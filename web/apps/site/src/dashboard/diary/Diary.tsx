/**
 * The diary (issue 11, D2): the day's citas on a time grid, one column per bookable stylist, or
 * one stylist's week, a column per day. Today, previous/next, a date picker, day/week and a
 * stylist filter; a click on an empty cell opens "Nueva cita" there, a click on a cita opens its
 * panel, a drag moves it. The week shows one stylist at a time, chosen with a picker, as Fresha
 * and Booksy do: seven days fit a laptop's width with each cita still readable, which a column
 * per stylist and day (fourteen for two stylists) did not. On a phone the day is one stylist at
 * a time too. The citas are read again every 30 s, so a booking made in the chat shows up
 * without a reload; so are the times visitors are holding in the chat while they give their
 * details, drawn apart from the citas and linked to their conversation. A write that released
 * such a hold says so.
 */
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { Appointment, AppointmentWriteResponse, OpeningPeriod } from '../../api/types';
import { useResource, useStaff } from '../../api/queries';
import type { StatusAction } from '../../appointments/status';
import { useBusiness } from '../../shell/business';
import { addDays, formatDate, formatTime, startOfWeek, todayIn } from '../../shell/format';
import { Skeleton } from '../../shell/Skeleton';
import { TextField } from '../../shell/TextField';
import { useToast } from '../../shell/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { DashboardSection } from '../DashboardSection';
import { FormToggle } from '../FormToggle';
import { NewAppointmentForm } from '../NewAppointmentForm';
import { StaffSelect } from '../StaffSelect';
import { ToggleGroup } from '../ToggleGroup';
import { AppointmentPanel } from './AppointmentPanel';
import { DemoDataBanner } from './DemoDataBanner';
import type { AppointmentChange } from './ChangeAppointmentForm';
import { DiaryGrid, type ColumnShade } from './DiaryGrid';
import {
  closedSpans,
  diaryColumns,
  gridFrame,
  placeBlocks,
  rangeOn,
  weekDates,
  type DiaryColumn,
} from './layout';
import { useHolds } from './useHolds';
import { useStaffCalendars } from './useStaffCalendars';
import './diary.css';

type View = 'day' | 'week';
const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'day', label: 'Día' },
  { value: 'week', label: 'Semana' },
];

const NEW_APPOINTMENT_FORM_ID = 'dash-new-appointment';
const POLL_MS = 30_000;
const PHONE_QUERY = '(max-width: 40rem)';

/** The query parameter other sections link with to open the diary on a given day. */
export const AGENDA_DAY_PARAM = 'dia';
/** …and on a given cita (its panel open). */
export const AGENDA_APPOINTMENT_PARAM = 'cita';

export function agendaDayPath(date: string, appointmentId?: string): string {
  const query = new URLSearchParams({ [AGENDA_DAY_PARAM]: date });
  if (appointmentId) query.set(AGENDA_APPOINTMENT_PARAM, appointmentId);
  return `/dashboard?${query}`;
}

function fromLocation(): { day: string | null; appointmentId: string | null } {
  const query = new URLSearchParams(window.location.search);
  const day = query.get(AGENDA_DAY_PARAM);
  return {
    day: day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    appointmentId: query.get(AGENDA_APPOINTMENT_PARAM),
  };
}

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => {
      setMatches(list.matches);
    };
    list.addEventListener('change', onChange);
    return () => {
      list.removeEventListener('change', onChange);
    };
  }, [query]);
  return matches;
}

/**
 * Minutes after midnight now in `timeZone`, and the instant (ms since the epoch), kept current
 * every half minute.
 */
function useNowMinute(timeZone: string): { today: string; nowMin: number; instant: number } {
  const read = () => {
    const now = new Date();
    const parts = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
    return {
      today: todayIn(timeZone, now),
      nowMin: part('hour') * 60 + part('minute'),
      instant: now.getTime(),
    };
  };
  const [now, setNow] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(read());
    }, 30_000);
    return () => {
      clearInterval(timer);
    };
    // `read` only depends on the time zone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeZone]);
  return now;
}

/**
 * "Semana del 30 de noviembre al 6 de diciembre de 2026", "Semana del 23 al 29 de noviembre de
 * 2026": short enough for the line it shares with "Agenda", saying a month or a year once when
 * both ends share it.
 */
function weekTitle(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const first =
    sameYear && from.slice(0, 7) === to.slice(0, 7)
      ? String(Number(from.slice(8)))
      : `${formatDate(from, 'dayMonth')}${sameYear ? '' : ` de ${from.slice(0, 4)}`}`;
  return `Semana del ${first} al ${formatDate(to, 'dayMonth')} de ${to.slice(0, 4)}`;
}

interface NewAt {
  date: string;
  staffId: string;
  startMin?: number;
}

export function Diary({ timeZone }: { timeZone: string }) {
  const { toast, warning: showWarning, error: showError } = useToast();
  const { business } = useBusiness();
  const { today, nowMin, instant } = useNowMinute(timeZone);
  const phone = useMediaQuery(PHONE_QUERY);
  const [initial] = useState(fromLocation);
  const [view, setView] = useState<View>('day');
  const [chosenDay, setChosenDay] = useState(initial.day);
  // A stylist's id, or '' for the whole team; where one stylist at a time is shown, '' is the
  // first (or the one whose cita is open).
  const [staffFilter, setStaffFilter] = useState('');
  const [newAt, setNewAt] = useState<NewAt | null>(null);
  const [openId, setOpenId] = useState<string | null>(initial.appointmentId);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [showCancelled, setShowCancelled] = useState(false);
  const [cancelling, setCancelling] = useState<{
    appointment: Appointment;
    action: StatusAction;
  }>();

  const day = chosenDay ?? today;
  const from = view === 'day' ? day : startOfWeek(day);
  const to = view === 'day' ? day : addDays(from, 6);
  const dates = view === 'day' ? [day] : weekDates(from);

  const staffList = useStaff();
  // Polled, the tab hidden too; the holds are read with the citas, each time the citas are.
  const appointments = useResource(
    '/api/appointments',
    { query: { from, to } },
    { refetchInterval: POLL_MS, inBackground: true },
  );
  const holds = useHolds(from, to, POLL_MS);
  const { reload: reloadCitas } = appointments;
  const { reload: reloadHolds } = holds;
  const reload = useCallback(() => {
    reloadCitas();
    reloadHolds();
  }, [reloadCitas, reloadHolds]);

  // Bookable stylists: the public team when the server lists one, else the whole staff.
  const team = business?.team;
  const bookable = (staffList.data?.items ?? []).filter(
    (member) => team === undefined || team.some((each) => each.id === member.id),
  );
  const { calendars, closures } = useStaffCalendars(bookable.map((member) => member.id));

  const oneAtATime = phone || view === 'week';
  // A cita opened from a link shows its stylist's column until another is picked.
  const openStaffId = appointments.data?.items.find((each) => each.id === openId)?.staffId;
  const picked =
    bookable.find((member) => member.id === (staffFilter || openStaffId)) ?? bookable[0];
  const shownStaff = oneAtATime
    ? picked
      ? [picked]
      : []
    : bookable.filter((member) => staffFilter === '' || member.id === staffFilter);
  const columns = diaryColumns(
    dates,
    shownStaff.map((member) => ({ id: member.id, name: member.firstName })),
  );
  const allItems = appointments.data?.items ?? [];
  const visible = allItems.filter((each) => showCancelled || each.status !== 'cancelada');
  // A hold past its time is gone, even before the next read says so.
  const liveHolds = holds.holds.filter((hold) => Date.parse(hold.expiresAt) > instant);
  const hours = business?.hours ?? [];
  const frame = gridFrame(hours, dates, [...visible, ...liveHolds], business?.slotStep ?? 15);
  const placed = placeBlocks(visible, liveHolds, columns, frame);
  const shades: Record<string, ColumnShade> = {};
  for (const column of columns) {
    const calendar = calendars[column.staffId];
    const periods: OpeningPeriod[] = calendar?.schedule?.periods ?? hours;
    shades[column.key] = {
      closed: closedSpans(frame, periods, column.date),
      closure: rangeOn(closures.length > 0 ? closures : (business?.closures ?? []), column.date),
      timeOff: rangeOn(calendar?.timeOff ?? [], column.date),
    };
  }
  const open = allItems.find((each) => each.id === openId);
  const cancelledCount = allItems.length - allItems.filter((e) => e.status !== 'cancelada').length;

  function replace(item: Appointment) {
    appointments.update((list) => ({
      items: list.items.map((each) => (each.id === item.id ? item : each)),
    }));
  }

  function patch(appointment: Appointment, body: object): Promise<AppointmentWriteResponse> {
    return api.patch('/api/appointments/{id}', { params: { id: appointment.id }, body });
  }

  /** After the success: the server's word that a visitor lost the time they were holding. */
  function warnOfReleasedHold(warning: string | null | undefined) {
    if (warning) showWarning(warning);
  }

  async function changeStatus(appointment: Appointment, action: StatusAction) {
    setBusyId(appointment.id);
    try {
      const { item, warning } = await patch(appointment, { status: action.to });
      replace(item);
      toast({ title: action.done });
      warnOfReleasedHold(warning);
      // The hold it released is gone: the citas are up to date already.
      if (warning !== undefined) reloadHolds();
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

  /** The panel's "Cambiar": a refusal reaches the form, which shows it and keeps its values. */
  async function change(appointment: Appointment, body: AppointmentChange) {
    moved(await patch(appointment, body));
  }

  function moved({ item, warning }: AppointmentWriteResponse) {
    toast({
      title: 'Cita cambiada',
      description: `${item.clientName}: ${formatDate(item.date)}, ${formatTime(item.startMin)}, con ${item.staffName}`,
    });
    warnOfReleasedHold(warning);
    if (item.date < from || item.date > to) {
      // Follow the cita to its new day, so the person sees where it went.
      setChosenDay(item.date);
    } else replace(item);
    reload();
  }

  /** A drop: shown at once where it landed, put back with the reason when refused. */
  async function move(appointment: Appointment, column: DiaryColumn, startMin: number) {
    const body: AppointmentChange = { startMin };
    if (column.date !== appointment.date) body.date = column.date;
    if (column.staffId !== appointment.staffId) body.staffId = column.staffId;
    const duration = appointment.endMin - appointment.startMin;
    replace({
      ...appointment,
      date: column.date,
      staffId: column.staffId,
      staffName: column.staffName,
      startMin,
      endMin: startMin + duration,
    });
    try {
      moved(await patch(appointment, body));
    } catch (cause) {
      replace(appointment);
      showError(cause, 'No se pudo mover la cita');
    }
  }

  const title =
    view === 'day'
      ? formatDate(day)
      : `${weekTitle(from, to)}${picked ? ` · ${picked.firstName}` : ''}`;
  const step = view === 'day' ? 1 : 7;

  return (
    <DashboardSection
      title="Agenda"
      action={
        <>
          {/* Beside "Agenda" rather than under the filters: the grid starts higher on the
              screen, and the day's first hours show without scrolling. */}
          <h2 className="dash-day-title diary-title" aria-live="polite">
            {title}
          </h2>
          <FormToggle
            label="Nueva cita"
            open={newAt !== null}
            controls={NEW_APPOINTMENT_FORM_ID}
            onToggle={() => {
              const staffId = oneAtATime ? (picked?.id ?? '') : staffFilter;
              setNewAt((current) => (current ? null : { date: day, staffId }));
            }}
          />
        </>
      }
    >
      {newAt && (
        <NewAppointmentForm
          key={`${newAt.date}|${newAt.staffId}|${String(newAt.startMin)}`}
          id={NEW_APPOINTMENT_FORM_ID}
          staff={bookable}
          defaultDate={newAt.date}
          defaultStaffId={newAt.staffId}
          defaultStartMin={newAt.startMin}
          onCreated={(created) => {
            setNewAt(null);
            setChosenDay(created.date);
            reload();
          }}
          onClose={() => {
            setNewAt(null);
          }}
        />
      )}

      <DemoDataBanner onRemoved={reload} />

      <div className="dash-toolbar diary-toolbar" role="group" aria-label="Vista y fechas">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setChosenDay(today);
          }}
        >
          Hoy
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={view === 'day' ? 'Día anterior' : 'Semana anterior'}
          onClick={() => {
            setChosenDay(addDays(day, -step));
          }}
        >
          ‹
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={view === 'day' ? 'Día siguiente' : 'Semana siguiente'}
          onClick={() => {
            setChosenDay(addDays(day, step));
          }}
        >
          ›
        </button>
        <TextField
          label="Fecha"
          type="date"
          value={day}
          onChange={(value) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setChosenDay(value);
          }}
        />
        <ToggleGroup label="Vista" options={VIEWS} value={view} onChange={setView} />
        {oneAtATime ? (
          bookable.length > 0 && (
            <ToggleGroup
              label="Estilista"
              options={bookable.map((member) => ({ value: member.id, label: member.firstName }))}
              value={picked?.id ?? ''}
              onChange={setStaffFilter}
            />
          )
        ) : (
          <StaffSelect
            staff={bookable}
            value={staffFilter}
            onChange={setStaffFilter}
            anyLabel="Todo el equipo"
          />
        )}
        {cancelledCount > 0 && (
          <label className="dash-choice">
            <input
              type="checkbox"
              checked={showCancelled}
              onChange={(event) => {
                setShowCancelled(event.target.checked);
              }}
            />
            Mostrar canceladas ({cancelledCount})
          </label>
        )}
      </div>

      <div className="diary-layout">
        {appointments.loading || staffList.loading ? (
          <Skeleton variant="block" height="24rem" />
        ) : appointments.data === undefined ? (
          <p className="dash-empty">No se pudieron cargar las citas.</p>
        ) : columns.length === 0 ? (
          <p className="dash-empty">No hay estilistas que acepten reservas.</p>
        ) : (
          <DiaryGrid
            columns={columns}
            frame={frame}
            placed={placed.citas}
            holds={placed.holds}
            timeZone={timeZone}
            shades={shades}
            today={today}
            nowMin={nowMin}
            week={view === 'week'}
            showStaff={view === 'day' || shownStaff.length > 1}
            onCreate={(column, startMin) => {
              setOpenId(null);
              setNewAt({ date: column.date, staffId: column.staffId, startMin });
            }}
            onOpen={(appointment) => {
              setNewAt(null);
              setOpenId(appointment.id);
            }}
            onMove={(appointment, column, startMin) => void move(appointment, column, startMin)}
          />
        )}
        {open && (
          <AppointmentPanel
            key={open.id}
            appointment={open}
            staff={bookable.length > 0 ? bookable : (staffList.data?.items ?? [])}
            busy={busyId === open.id}
            onAction={onAction}
            onChange={change}
            onClose={() => {
              setOpenId(null);
            }}
          />
        )}
      </div>

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
