/**
 * "Cambiar": the person picks another day and one of its free times for a cita (same services,
 * same stylist unless other stylists are offered and one is picked; read from `freeTimes`,
 * where the cita's own time is free to it), then `move` sends it: a cliente's own cita from
 * "mis citas", or a guest's from its manage link. The server's refusals (422 outside the
 * rules or inside the minimum notice, 409 when the time was just taken) are shown as it words
 * them.
 *
 * Made for a phone: the days are a row of chips (the salon's open days from today to its booking
 * horizon, a few at a time, with "Otro día" for any date), and a day's times are split into
 * "Mañana" and "Tarde" (before and after 14:00), one part shown at a time as a grid of chips.
 * The times stay native radio buttons, so they are one named group to a screen reader, the
 * chosen one is announced as selected, and the arrow keys move through them.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { api } from '../api/client';
import { errorMessage } from '../api/http';
import type { Business } from '../api/types';
import { useBusiness } from '../shell/business';
import { Field } from '../shell/Field';
import { addDays, formatDate, formatTime } from '../shell/format';
import { periodsOn } from './landing/openingStatus';

/** The cita being moved: where it is now, and what stays the same when it moves. */
export interface MovableCita {
  date: string;
  staffId: string;
  staffName: string;
}

interface RescheduleFormProps {
  cita: MovableCita;
  /** The business's today, `YYYY-MM-DD`: the first day offered. */
  today: string;
  /**
   * Stylists the cita may move to instead of its own (each doing all its services); with any,
   * a "Con" choice is shown, the cita's own stylist first.
   */
  otherStylists?: { id: string; name: string }[];
  /**
   * Sends the move, with `staffId` only when another stylist was picked; a rejection's message
   * (the server's refusal) is shown in the form.
   */
  move: (date: string, startMin: number, staffId?: string) => Promise<void>;
  /**
   * Whose free times a day with a stylist has: a cita's (`GET /api/appointments/{id}/availability`)
   * or a manage link's (`GET /api/manage/{token}/availability`); the cita's current time does not
   * block a move near it.
   */
  freeTimes: { appointmentId: string } | { manageToken: string };
  onClose: () => void;
}

type Times =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; date: string; starts: number[] }
  | { state: 'failed'; message: string };

/** The free times read for a day and stylist, or why they could not be read. */
type Read =
  | { date: string; staffId: string; starts: number[] }
  | { date: string; staffId: string; failed: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How many day chips show at once: with the two arrows, one row on a 360 px phone. */
const DAYS_SHOWN = 5;

/** The server's own default, while the business is still being read. */
const DEFAULT_HORIZON_DAYS = 60;

/**
 * Where "Tarde" begins. 14:00 is where a Spanish salon's morning ends (many close for lunch
 * then), whatever its hours; a salon open straight through still reads naturally.
 */
const AFTERNOON_MIN = 14 * 60;

type Part = 'manana' | 'tarde';

/** Each part's button, and the name of its times' group. */
const PARTS: Record<Part, { label: string; group: string }> = {
  manana: { label: 'Mañana', group: 'Horas de la mañana' },
  tarde: { label: 'Tarde', group: 'Horas de la tarde' },
};

function partOf(minutes: number): Part {
  return minutes < AFTERNOON_MIN ? 'manana' : 'tarde';
}

/**
 * The days a move can go to: from `today` to the booking horizon, without the days the salon
 * does not open (its weekly hours, its closures), which could only answer "no times".
 */
function bookableDays(today: string, business: Business | null): string[] {
  const horizon = business?.bookingRules.horizonDays ?? DEFAULT_HORIZON_DAYS;
  // Without hours on record (or before the business loads) no day can be ruled out.
  const knowsHours = business !== null && business.hours.length > 0;
  const days: string[] = [];
  for (let offset = 0; offset <= horizon; offset += 1) {
    const day = addDays(today, offset);
    if (!knowsHours || periodsOn(day, business.hours, business.closures).length > 0) {
      days.push(day);
    }
  }
  return days;
}

const chipWeekday = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });
const chipMonth = new Intl.DateTimeFormat('es-ES', { month: 'short', timeZone: 'UTC' });

/** "jue", "3", "dic": a day chip's three short lines. */
function chipLines(date: string): [string, string, string] {
  const day = new Date(`${date}T00:00:00Z`);
  return [chipWeekday.format(day), String(day.getUTCDate()), chipMonth.format(day)];
}

export function RescheduleForm({
  cita,
  today,
  otherStylists = [],
  move,
  freeTimes,
  onClose,
}: RescheduleFormProps) {
  const { business } = useBusiness();
  const [date, setDate] = useState(cita.date < today ? today : cita.date);
  // The first day chip shown: the chips page through the bookable days from here.
  const [firstShown, setFirstShown] = useState(date);
  const [staffId, setStaffId] = useState(cita.staffId);
  const [read, setRead] = useState<Read | null>(null);
  const [start, setStart] = useState<number | null>(null);
  // The part of the day the person picked; until then, the one with the chosen time or the first
  // with any.
  const [pickedPart, setPickedPart] = useState<Part | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const timesId = useId();
  const stylists = [{ id: cita.staffId, name: cita.staffName }, ...otherStylists];
  const staffName = stylists.find((stylist) => stylist.id === staffId)?.name ?? cita.staffName;

  const days = bookableDays(today, business);
  const firstIndex = Math.max(
    0,
    days.findIndex((day) => day >= firstShown),
  );
  const shownDays = days.slice(firstIndex, firstIndex + DAYS_SHOWN);

  // A change of day, stylist or cita reads the times again.
  const validDate = DATE.test(date);
  const appointmentId = 'appointmentId' in freeTimes ? freeTimes.appointmentId : null;
  const manageToken = 'manageToken' in freeTimes ? freeTimes.manageToken : null;

  useEffect(() => {
    if (!validDate) return;
    const controller = new AbortController();
    const options = { query: { date, staffId }, signal: controller.signal };
    (manageToken !== null
      ? api.get('/api/manage/{token}/availability', { params: { token: manageToken }, ...options })
      : api.get('/api/appointments/{id}/availability', {
          params: { id: appointmentId ?? '' },
          ...options,
        })
    ).then(
      ({ items }) => {
        setRead({ date, staffId, starts: items.map((item) => item.startMin) });
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setRead({ date, staffId, failed: errorMessage(cause) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [validDate, date, staffId, appointmentId, manageToken]);

  // What is shown is always the chosen day's and stylist's: another read is still loading.
  let times: Times = { state: 'idle' };
  if (DATE.test(date)) {
    if (read?.date !== date || read.staffId !== staffId) times = { state: 'loading' };
    else if ('failed' in read) times = { state: 'failed', message: read.failed };
    else times = { state: 'ready', date: read.date, starts: read.starts };
  }
  const starts = times.state === 'ready' ? times.starts : [];
  const inPart = (part: Part) => starts.filter((minutes) => partOf(minutes) === part);
  const part: Part =
    pickedPart ??
    (start !== null ? partOf(start) : inPart('manana').length > 0 ? 'manana' : 'tarde');

  function chooseDay(day: string) {
    setDate(day);
    setStart(null);
    setPickedPart(null);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (start === null || times.state !== 'ready') return;
    setSending(true);
    setRefusal(null);
    try {
      await move(times.date, start, staffId === cita.staffId ? undefined : staffId);
    } catch (cause) {
      setRefusal(errorMessage(cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="reschedule"
      aria-label={`Cambiar la cita del ${formatDate(cita.date)}`}
      onSubmit={(event) => void submit(event)}
    >
      <fieldset className="reschedule-days">
        <legend>Día</legend>
        <div className="reschedule-day-row">
          <button
            type="button"
            className="reschedule-day-step"
            disabled={firstIndex === 0}
            onClick={() => {
              setFirstShown(days[Math.max(0, firstIndex - DAYS_SHOWN)] ?? today);
            }}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Días anteriores</span>
          </button>
          {shownDays.map((day) => {
            const [weekday, number, month] = chipLines(day);
            return (
              <button
                key={day}
                type="button"
                className="reschedule-day"
                aria-pressed={day === date}
                onClick={() => {
                  chooseDay(day);
                }}
              >
                <span aria-hidden="true">{weekday}</span>
                <span aria-hidden="true" className="reschedule-day-number">
                  {number}
                </span>
                <span aria-hidden="true">{month}</span>
                <span className="visually-hidden">{formatDate(day, 'day')}</span>
              </button>
            );
          })}
          <button
            type="button"
            className="reschedule-day-step"
            disabled={firstIndex + DAYS_SHOWN >= days.length}
            onClick={() => {
              setFirstShown(days[firstIndex + DAYS_SHOWN] ?? firstShown);
            }}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Días siguientes</span>
          </button>
        </div>
        <Field label="Otro día">
          {(control) => (
            <input
              {...control}
              type="date"
              min={today}
              max={days.at(-1)}
              value={date}
              required
              onChange={(event) => {
                const day = event.target.value;
                chooseDay(day);
                // A day beyond the chips brings them to it.
                if (DATE.test(day) && !shownDays.includes(day)) setFirstShown(day);
              }}
            />
          )}
        </Field>
      </fieldset>
      {otherStylists.length > 0 && (
        <Field label="Con">
          {(control) => (
            <select
              {...control}
              value={staffId}
              onChange={(event) => {
                setStaffId(event.target.value);
                setStart(null);
                setPickedPart(null);
              }}
            >
              {stylists.map((stylist) => (
                <option key={stylist.id} value={stylist.id}>
                  {stylist.id === cita.staffId ? `${stylist.name} (como ahora)` : stylist.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <fieldset className="reschedule-times" aria-describedby={timesId}>
        <legend>Hora</legend>
        <p id={timesId} className="muted" aria-live="polite">
          {times.state === 'loading' && 'Buscando horas libres…'}
          {times.state === 'failed' && times.message}
          {times.state === 'ready' &&
            (starts.length === 0
              ? `No quedan horas libres con ${staffName} el ${formatDate(times.date)}. Prueba otro día.`
              : `Horas libres con ${staffName} el ${formatDate(times.date)}:`)}
        </p>
        {starts.length > 0 && (
          <>
            <div className="reschedule-parts" role="group" aria-label="Parte del día">
              {(Object.keys(PARTS) as Part[]).map((each) => {
                const count = inPart(each).length;
                return (
                  <button
                    key={each}
                    type="button"
                    className="button button-secondary"
                    aria-pressed={each === part}
                    disabled={count === 0}
                    onClick={() => {
                      setPickedPart(each);
                    }}
                  >
                    {PARTS[each].label} ({count})
                  </button>
                );
              })}
            </div>
            <div className="reschedule-options" role="radiogroup" aria-label={PARTS[part].group}>
              {inPart(part).map((minutes) => (
                <label key={minutes} className="reschedule-option">
                  <input
                    type="radio"
                    name={`${timesId}-start`}
                    value={minutes}
                    checked={start === minutes}
                    onChange={() => {
                      setStart(minutes);
                    }}
                  />
                  {formatTime(minutes)}
                </label>
              ))}
            </div>
          </>
        )}
      </fieldset>
      {start !== null && times.state === 'ready' && (
        // The chosen chip may be in the other part of the day, or scrolled away on a phone.
        <p className="reschedule-choice">
          Nueva hora: {formatDate(times.date, 'day')}, a las {formatTime(start)}
        </p>
      )}
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={start === null || sending}
        >
          {sending ? 'Cambiando…' : 'Confirmar el cambio'}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          No cambiarla
        </button>
      </div>
    </form>
  );
}
