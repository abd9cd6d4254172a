/**
 * "Cambiar": the person picks another day and one of its free times for a cita (same services,
 * same stylist unless other stylists are offered and one is picked; read from `freeTimesPath`,
 * where the cita's own time is free to it), then `move` sends it: a cliente's own cita from
 * "mis citas", or a guest's from its manage link. The server's refusals (422 outside the
 * rules or inside the minimum notice, 409 when the time was just taken) are shown as it words
 * them.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { apiFetch, errorMessage } from '../api/http';
import type { AvailableStart, ListResponse } from '../api/types';
import { Field } from '../shell/Field';
import { formatDate, formatTime } from '../shell/format';

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
   * Where a day's free times with a stylist are read: `GET /api/appointments/{id}/availability`
   * or the manage link's own, where the cita's current time does not block a move near it.
   */
  freeTimesPath: (date: string, staffId: string) => string;
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

export function RescheduleForm({
  cita,
  today,
  otherStylists = [],
  move,
  freeTimesPath,
  onClose,
}: RescheduleFormProps) {
  const [date, setDate] = useState(cita.date < today ? today : cita.date);
  const [staffId, setStaffId] = useState(cita.staffId);
  const [read, setRead] = useState<Read | null>(null);
  const [start, setStart] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const timesId = useId();
  const stylists = [{ id: cita.staffId, name: cita.staffName }, ...otherStylists];
  const staffName = stylists.find((stylist) => stylist.id === staffId)?.name ?? cita.staffName;

  // The path of the chosen day's times: a change of it reads them again.
  const timesPath = DATE.test(date) ? freeTimesPath(date, staffId) : null;

  useEffect(() => {
    if (timesPath === null) return;
    const controller = new AbortController();
    apiFetch<ListResponse<AvailableStart>>(timesPath, {
      signal: controller.signal,
    }).then(
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
  }, [timesPath, date, staffId]);

  // What is shown is always the chosen day's and stylist's: another read is still loading.
  let times: Times = { state: 'idle' };
  if (DATE.test(date)) {
    if (read?.date !== date || read.staffId !== staffId) times = { state: 'loading' };
    else if ('failed' in read) times = { state: 'failed', message: read.failed };
    else times = { state: 'ready', date: read.date, starts: read.starts };
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
      <Field label="Nuevo día">
        {(control) => (
          <input
            {...control}
            type="date"
            min={today}
            value={date}
            required
            onChange={(event) => {
              setDate(event.target.value);
              setStart(null);
            }}
          />
        )}
      </Field>
      {otherStylists.length > 0 && (
        <Field label="Con">
          {(control) => (
            <select
              {...control}
              value={staffId}
              onChange={(event) => {
                setStaffId(event.target.value);
                setStart(null);
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
            (times.starts.length === 0
              ? `No quedan horas libres con ${staffName} el ${formatDate(times.date)}. Prueba otro día.`
              : `Horas libres con ${staffName} el ${formatDate(times.date)}:`)}
        </p>
        {times.state === 'ready' && times.starts.length > 0 && (
          <div className="reschedule-options">
            {times.starts.map((minutes) => (
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
        )}
      </fieldset>
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
