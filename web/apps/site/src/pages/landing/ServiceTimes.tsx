/**
 * A service card's next free times, for visitors who would rather not chat: "Ver horas libres"
 * reads them (nothing is read before the visitor asks, so the landing page's first paint waits
 * for no availability and eight cards never ask eight times), then each is a chip ("Hoy 17:00",
 * "Mañana 10:00", "jue 3, 09:30") that opens the booking form. A time taken meanwhile is said
 * here, over the times read again.
 */
import { useEffect, useRef, useState } from 'react';
import { useNextTimes } from '../../api/bookings';
import type { NextTime, Service } from '../../api/types';
import { useTimeZone } from '../../shell/business';
import { addDays, formatDate, formatTime, todayIn } from '../../shell/format';
import { Skeleton } from '../../shell/Skeleton';
import { BookingDialog, type GuestContact } from './BookingDialog';

const TAKEN =
  'Esa hora se acaba de ocupar: otra persona la ha reservado. Estas son las horas libres ahora.';

/** A chip's words, from the salon's today: "Hoy 17:00", "Mañana 10:00", "jue 3, 09:30". */
export function chipLabel(time: NextTime, today: string): string {
  const clock = formatTime(time.startMin);
  if (time.date === today) return `Hoy ${clock}`;
  if (time.date === addDays(today, 1)) return `Mañana ${clock}`;
  return `${formatDate(time.date, 'weekdayShort')}, ${clock}`;
}

interface ServiceTimesProps {
  service: Service;
  contact: GuestContact;
  onContactChange: (contact: GuestContact) => void;
}

export function ServiceTimes({ service, contact, onContactChange }: ServiceTimesProps) {
  const [wanted, setWanted] = useState(false);
  const { times, reload } = useNextTimes(service.id, wanted);
  const [chosen, setChosen] = useState<NextTime | null>(null);
  const [taken, setTaken] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const today = todayIn(useTimeZone());
  // The chip is gone with the dialog: the news is where the keyboard goes on.
  useEffect(() => {
    if (taken) notice.current?.focus();
  }, [taken]);

  function close(booked: boolean) {
    setChosen(null);
    // The time booked is no longer free.
    if (booked) reload();
  }

  if (times.state === 'idle') {
    return (
      <button
        type="button"
        className="button button-secondary landing-times-ask"
        onClick={() => {
          setWanted(true);
        }}
      >
        Ver horas libres <span className="visually-hidden">de {service.name}</span>
      </button>
    );
  }

  return (
    <div className="landing-times">
      {taken && (
        <p ref={notice} tabIndex={-1} role="alert" className="form-error">
          {TAKEN}
        </p>
      )}
      {times.state === 'loading' ? (
        <Skeleton variant="custom" height="2.75rem" />
      ) : times.state === 'failed' ? (
        <p>
          {times.message}{' '}
          <button type="button" className="button button-secondary" onClick={reload}>
            Reintentar
          </button>
        </p>
      ) : times.times.length === 0 ? (
        <p className="muted">No quedan horas libres en las próximas dos semanas.</p>
      ) : (
        <ul className="landing-time-chips" aria-label={`Horas libres de ${service.name}`}>
          {times.times.map((time) => (
            <li key={`${time.date} ${String(time.startMin)}`}>
              <button
                type="button"
                className="landing-time-chip"
                onClick={() => {
                  setTaken(false);
                  setChosen(time);
                }}
              >
                {chipLabel(time, today)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <BookingDialog
          service={service}
          time={chosen}
          contact={contact}
          onContactChange={onContactChange}
          onTaken={() => {
            setChosen(null);
            setTaken(true);
            reload();
          }}
          onClose={close}
        />
      )}
    </div>
  );
}
