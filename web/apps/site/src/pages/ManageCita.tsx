/**
 * `/cita/<token>`: the page a cita's emails link to (issue 13). Whoever holds the link sees the
 * cita without signing in: when, what (with durations and prices, and the total), with whom,
 * where (with a map link), and its state in one sentence; and may say they are coming ("Sí,
 * voy"), move it or cancel it, as far as the server allows (`canChange`, `canCancel`); a move
 * keeps the stylist unless another free one is picked, and offers the link's own free times
 * (`/api/manage/<token>/availability`, where the cita's current time does not stand in its way).
 * A cita still ahead can be added to Google Calendar or Outlook; one cancelled or over offers
 * "Reservar otra", which opens the chat on the landing page asking for a new cita.
 * Opening the page changes nothing, because mail scanners open links: it only reads, and every
 * change is a button that POSTs or PATCHes. A forged or expired link gets a page that says so,
 * a cancelled cita a page without actions.
 *
 * One notion of "confirmed": the salon's (`confirmada`, or still `pendiente`: it will confirm
 * it). The client's own word is "Sí, voy", never called confirming, and once said the page says
 * "Has avisado de que vienes".
 */
import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { ApiError, errorMessage } from '../api/http';
import type { ManagedCita } from '../api/types';
import { CLIENT_STATE_AHEAD, holdsTime } from '../appointments/status';
import { useOpenChat } from '../chat/useOpenChat';
import { useBusiness, useTimeZone } from '../shell/business';
import { formatPhone, telHref } from '../shell/contact';
import {
  citaEvent,
  googleCalendarUrl,
  mapUrl,
  outlookCalendarUrl,
  type CalendarEvent,
} from '../shell/calendarLinks';
import { formatDate, formatPrice, formatTime, todayIn, zonedInstant } from '../shell/format';
import { Link, linkToken } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { useNoReferrer } from '../shell/useNoReferrer';
import { usePageTitle } from '../shell/usePageTitle';
import { CancelQuestion } from './CancelQuestion';
import { RescheduleForm } from './RescheduleForm';

/** The path prefix of a manage link; what follows it is the token. */
export const MANAGE_PATH = '/cita/';

/** The token of a manage link's path, or null when the path is not one. */
export function manageToken(path: string): string | null {
  return linkToken(path, MANAGE_PATH);
}

const INVALID_LINK = 'Este enlace no es válido o ha caducado.';

/**
 * The cita's state in one sentence, true in each the API returns: the salon's status, and for a
 * cita still holding its time whether its hour is over (the salon may not have marked it yet).
 */
function stateSentence(cita: ManagedCita, over: boolean): string {
  switch (cita.status) {
    case 'pendiente':
    case 'confirmada':
      return over ? 'La hora de esta cita ya pasó.' : CLIENT_STATE_AHEAD[cita.status];
    case 'cancelada':
      return 'Cancelada: esta hora ya no está reservada para ti.';
    case 'completada':
      return 'Esta cita ya se realizó. ¡Gracias por venir!';
    case 'no_presentado':
      return 'El salón anotó que no pudiste venir a esta cita.';
    default:
      // A status this page does not know yet (the document writes it as a plain string).
      return 'Esta es tu cita.';
  }
}

/** What a new booking asks the assistant, as the landing's "Reservar" chips ask for a service. */
export const BOOK_AGAIN_MESSAGE = 'Quiero reservar una cita';

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; cita: ManagedCita }
  | { state: 'invalid'; message: string }
  | { state: 'failed'; message: string };

export function ManageCita({ token }: { token: string }) {
  useNoReferrer();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { loading: businessLoading } = useBusiness();

  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/manage/{token}', { params: { token }, signal: controller.signal }).then(
      ({ item }) => {
        setLoaded({ state: 'ready', cita: item });
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(
          cause instanceof ApiError && cause.status === 404
            ? { state: 'invalid', message: cause.message }
            : { state: 'failed', message: errorMessage(cause) },
        );
      },
    );
    return () => {
      controller.abort();
    };
  }, [token, attempt]);

  // The cita is drawn once the salon is known too: its time zone says whether the cita is still
  // ahead (the calendar links), so drawing it before would move what follows when it comes.
  if (loaded.state === 'loading' || (loaded.state === 'ready' && businessLoading)) {
    return (
      <Page title="Tu cita">
        <Skeleton variant="block" count={2} />
      </Page>
    );
  }
  switch (loaded.state) {
    case 'invalid':
      return (
        <Page title="Enlace no válido">
          <p>{loaded.message || INVALID_LINK}</p>
          <p>
            Si necesitas cambiar o cancelar tu cita, llama al salón o pídelo en el chat de nuestra
            web.
          </p>
          <Link to="/" className="button button-primary">
            Ir al inicio
          </Link>
        </Page>
      );
    case 'failed':
      return (
        <Page title="Tu cita">
          <p role="alert">{loaded.message}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setLoaded({ state: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Reintentar
          </button>
        </Page>
      );
    case 'ready':
      return (
        <Page title={loaded.cita.status === 'cancelada' ? 'Cita cancelada' : 'Tu cita'}>
          <CitaView
            cita={loaded.cita}
            token={token}
            onChanged={(cita) => {
              setLoaded({ state: 'ready', cita });
            }}
          />
        </Page>
      );
  }
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page narrow manage">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

type Mode = 'idle' | 'moving' | 'cancelling';

/**
 * What an email's action link (`?accion=cambiar` or `?accion=cancelar`) opens: the form or the
 * question it leads to, never the change itself (that still takes a button). `asistir` needs
 * nothing: "Sí, voy" is the first button.
 */
function requestedMode(cita: ManagedCita): Mode {
  const action = new URLSearchParams(window.location.search).get('accion');
  if (action === 'cambiar' && cita.canChange) return 'moving';
  if (action === 'cancelar' && cita.canCancel) return 'cancelling';
  return 'idle';
}

function CitaView({
  cita,
  token,
  onChanged,
}: {
  cita: ManagedCita;
  token: string;
  onChanged: (cita: ManagedCita) => void;
}) {
  const { toast } = useToast();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const { business } = useBusiness();
  // Moving keeps the stylist unless the guest picks another who does every service of the cita.
  const otherStylists = (business?.team ?? [])
    .filter(
      (member) =>
        member.id !== cita.staffId &&
        cita.services.every((service) => member.serviceIds.includes(service.id)),
    )
    .map((member) => ({ id: member.id, name: member.firstName }));
  const [mode, setMode] = useState<Mode>(() => requestedMode(cita));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const when = `${formatDate(cita.date)}, a las ${formatTime(cita.startMin)}`;
  const cancelled = cita.status === 'cancelada';
  // The API gives local times; the salon's time zone says when they are.
  const start = zonedInstant(cita.date, cita.startMin, timeZone);
  const end = zonedInstant(cita.date, cita.endMin, timeZone);
  // The instant the page was opened: what it says must not change with every render.
  const [now] = useState(() => Date.now());
  const holding = holdsTime(cita.status);
  const over = end.getTime() <= now;
  const ahead = holding && start.getTime() > now;
  // "Sí, voy" only makes sense until the cita is over, for a cita still holding its time.
  const canAttend = !cita.clientConfirmed && holding && !over;
  const total = cita.services.reduce((sum, service) => sum + service.priceCents, 0);
  // Only once the salon's time zone is known: a guess would put the event at another hour.
  const event: CalendarEvent | null =
    ahead && business
      ? citaEvent({
          serviceNames: cita.services.map((service) => service.name),
          salonName: cita.business.name,
          staffName: cita.staffName,
          address: cita.business.address,
          start,
          end,
        })
      : null;

  async function send(action: 'attend' | 'cancel', done: string) {
    setSending(true);
    setProblem(null);
    try {
      const params = { token };
      const { item } =
        action === 'attend'
          ? await api.post('/api/manage/{token}/attend', { params })
          : await api.post('/api/manage/{token}/cancel', { params });
      onChanged(item);
      toast({ title: done, description: when });
    } catch (cause) {
      setProblem(errorMessage(cause));
    } finally {
      setSending(false);
      setMode('idle');
    }
  }

  return (
    <>
      <section className="card manage-card" aria-labelledby="manage-when">
        <h2 id="manage-when" className="manage-when">
          <span className="manage-day">{formatDate(cita.date)}</span>
          <span className="manage-time">
            {formatTime(cita.startMin)}–{formatTime(cita.endMin)}
          </span>
        </h2>
        <dl className="manage-facts">
          <dt>Estado</dt>
          <dd className="manage-state" data-status={cita.status}>
            {stateSentence(cita, over)}
            {cita.clientConfirmed && holding && !over && (
              <>
                {' '}
                <strong>Has avisado de que vienes.</strong>
              </>
            )}
          </dd>
          <dt>Servicios</dt>
          <dd>
            <ul className="manage-services">
              {cita.services.map((service) => (
                <li key={service.id}>
                  {service.name}{' '}
                  <span className="muted">
                    · {service.durationMin} min · {formatPrice(service.priceCents)}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
          <dt>Precio</dt>
          <dd>{formatPrice(total)}</dd>
          <dt>Con</dt>
          <dd>{cita.staffName}</dd>
          <dt>A nombre de</dt>
          <dd>{cita.clientName}</dd>
          <dt>Dónde</dt>
          <dd>
            {cita.business.name}
            {cita.business.address && (
              <>
                <br />
                {cita.business.address}
                <br />
                <ExternalLink href={mapUrl(cita.business.address)}>Ver en el mapa</ExternalLink>
              </>
            )}
            {cita.business.phone && (
              <>
                <br />
                <a href={telHref(cita.business.phone)}>{formatPhone(cita.business.phone)}</a>
              </>
            )}
          </dd>
        </dl>
        {event && (
          <div className="manage-calendar actions">
            <ExternalLink className="button button-secondary" href={googleCalendarUrl(event)}>
              Añadir a Google Calendar
            </ExternalLink>
            <ExternalLink className="button button-secondary" href={outlookCalendarUrl(event)}>
              Añadir a Outlook
            </ExternalLink>
          </div>
        )}
      </section>
      {problem !== null && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {mode === 'moving' && (
        <RescheduleForm
          cita={cita}
          today={today}
          otherStylists={otherStylists}
          // The link's own free times: the cita's current time does not block a move near it.
          freeTimes={{ manageToken: token }}
          move={async (date, startMin, staffId) => {
            const { item } = await api.patch('/api/manage/{token}', {
              params: { token },
              body: staffId === undefined ? { date, startMin } : { date, startMin, staffId },
            });
            setMode('idle');
            setProblem(null);
            onChanged(item);
            toast({
              title: 'Cita cambiada',
              description: `${formatDate(item.date)}, a las ${formatTime(item.startMin)}`,
            });
          }}
          onClose={() => {
            setMode('idle');
          }}
        />
      )}
      {mode === 'cancelling' && (
        <CancelQuestion
          sending={sending}
          onConfirm={() => void send('cancel', 'Cita cancelada')}
          onKeep={() => {
            setMode('idle');
          }}
        />
      )}
      {mode === 'idle' && !cancelled && (canAttend || cita.canChange || cita.canCancel) && (
        <div className="actions">
          {canAttend && (
            // The client's word that they will come is not the salon's confirmation: it says so.
            <p className="manage-attend-hint muted" id="manage-attend-hint">
              ¿Vienes? Con «Sí, voy» avisas al salón de que cuenta contigo.
            </p>
          )}
          {canAttend && (
            <button
              aria-describedby="manage-attend-hint"
              type="button"
              className="button button-primary"
              disabled={sending}
              onClick={() => void send('attend', '¡Gracias! Te esperamos')}
            >
              Sí, voy
            </button>
          )}
          {cita.canChange && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setProblem(null);
                setMode('moving');
              }}
            >
              Cambiar
            </button>
          )}
          {cita.canCancel && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setProblem(null);
                setMode('cancelling');
              }}
            >
              Cancelar
            </button>
          )}
        </div>
      )}
      {ahead && !cita.canChange && !cita.canCancel && (
        // Inside the salon's minimum notice the link no longer moves it: say who still can.
        <p className="muted">Para cambiarla o cancelarla a estas alturas, llama al salón.</p>
      )}
      {(!holding || over) && <BookAgain />}
    </>
  );
}

/** A link to another site, opened in a new tab (the page sends no referrer, see above). */
function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noreferrer">
      {children} <span className="visually-hidden">(se abre en otra pestaña)</span>
    </a>
  );
}

/**
 * "Reservar otra", once this cita no longer holds a time ahead: new citas are booked with the
 * assistant, so it goes to the landing page (the salon's services and hours beside the chat)
 * and opens the chat asking for one. Without a chat it is still the way to the landing page.
 */
function BookAgain() {
  const openChat = useOpenChat();
  return (
    <div className="manage-again">
      <p>¿Quieres otra cita? Pídela a nuestro asistente en el chat o llama al salón.</p>
      <Link
        to="/"
        className="button button-primary"
        onClick={() => {
          openChat?.(BOOK_AGAIN_MESSAGE);
        }}
      >
        Reservar otra
      </Link>
    </div>
  );
}
