/**
 * `/cita/<token>`: the page a cita's emails link to (issue 13). Whoever holds the link sees the
 * cita without signing in: when, what (with durations and prices), with whom, where, and its
 * status; and may confirm they are coming, move it or cancel it, as far as the server allows
 * (`canChange`, `canCancel`); a move keeps the stylist unless another free one is picked, and
 * offers the link's own free times (`/api/manage/<token>/availability`, where the cita's current
 * time does not stand in its way).
 * Opening the page changes nothing, because mail scanners open links: it only reads, and every
 * change is a button that POSTs or PATCHes. A forged or expired link gets a page that says so,
 * a cancelled cita a page without actions.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, apiFetch, errorMessage } from '../api/http';
import type { AppointmentStatus, ItemResponse, ManagedCita } from '../api/types';
import { holdsTime } from '../appointments/status';
import { StatusBadge } from '../appointments/StatusBadge';
import { useBusiness, useTimeZone } from '../shell/business';
import { formatDate, formatPrice, formatTime, todayIn } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { usePageTitle } from '../shell/usePageTitle';
import { CancelQuestion } from './CancelQuestion';
import { RescheduleForm } from './RescheduleForm';

/** The path prefix of a manage link; what follows it is the token. */
export const MANAGE_PATH = '/cita/';

/** The token of a manage link's path, or null when the path is not one. */
export function manageToken(path: string): string | null {
  if (!path.startsWith(MANAGE_PATH)) return null;
  const token = path.slice(MANAGE_PATH.length);
  if (token === '' || token.includes('/')) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    // A malformed escape is no token the server could have made.
    return null;
  }
}

const INVALID_LINK = 'Este enlace no es válido o ha caducado.';

/** What the status means to the person holding the link. */
const STATUS_SENTENCES: Record<AppointmentStatus, string> = {
  pendiente: 'Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise.',
  confirmada: 'El salón la ha confirmado.',
  cancelada: 'Ya no se puede cambiar.',
  completada: 'Esta cita ya se realizó.',
  no_presentado: 'El salón la anotó como no presentada.',
};

type Loaded =
  | { state: 'loading' }
  | { state: 'ready'; cita: ManagedCita }
  | { state: 'invalid'; message: string }
  | { state: 'failed'; message: string };

/**
 * The page must not tell other sites its address (the token is in it): no referrer from here on.
 * Browsers keep a document's referrer policy once a meta element has set it.
 */
function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => {
      meta.remove();
    };
  }, []);
}

export function ManageCita({ token }: { token: string }) {
  useNoReferrer();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const path = `/api/manage/${encodeURIComponent(token)}`;

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<ItemResponse<ManagedCita>>(path, { signal: controller.signal }).then(
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
  }, [path, attempt]);

  switch (loaded.state) {
    case 'loading':
      return (
        <Page title="Tu cita">
          <Skeleton variant="block" count={2} />
        </Page>
      );
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
            path={path}
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
  path,
  onChanged,
}: {
  cita: ManagedCita;
  path: string;
  onChanged: (cita: ManagedCita) => void;
}) {
  const { toast } = useToast();
  const today = todayIn(useTimeZone());
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
  // "Sí, voy" only makes sense before the day is over, for a cita still holding time.
  const canAttend = !cita.clientConfirmed && holdsTime(cita.status) && cita.date >= today;

  async function send(action: 'attend' | 'cancel', done: string) {
    setSending(true);
    setProblem(null);
    try {
      const { item } = await apiFetch<ItemResponse<ManagedCita>>(`${path}/${action}`, {
        method: 'POST',
      });
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
      {cancelled && (
        <p className="manage-cancelled">
          Esta cita está cancelada. Si quieres otra, pídela en el chat o llama al salón.
        </p>
      )}
      <section className="card manage-card" aria-labelledby="manage-when">
        <h2 id="manage-when" className="manage-when">
          <span className="manage-day">{formatDate(cita.date)}</span>
          <span className="manage-time">
            {formatTime(cita.startMin)}–{formatTime(cita.endMin)}
          </span>
        </h2>
        <dl className="manage-facts">
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
          <dt>Con</dt>
          <dd>{cita.staffName}</dd>
          <dt>A nombre de</dt>
          <dd>{cita.clientName}</dd>
          <dt>Estado</dt>
          <dd>
            <StatusBadge status={cita.status} /> {STATUS_SENTENCES[cita.status]}
            {cita.clientConfirmed && !cancelled && (
              <>
                {' '}
                <strong>Has avisado de que vienes.</strong>
              </>
            )}
          </dd>
          <dt>Dónde</dt>
          <dd>
            {cita.business.name}
            {cita.business.address && (
              <>
                <br />
                {cita.business.address}
              </>
            )}
            {cita.business.phone && (
              <>
                <br />
                <a href={`tel:${cita.business.phone.replace(/[^\d+]/g, '')}`}>
                  {cita.business.phone}
                </a>
              </>
            )}
          </dd>
        </dl>
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
          freeTimesPath={(date, staffId) =>
            `${path}/availability?${new URLSearchParams({ date, staffId }).toString()}`
          }
          move={async (date, startMin, staffId) => {
            const { item } = await apiFetch<ItemResponse<ManagedCita>>(path, {
              method: 'PATCH',
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
    </>
  );
}
