/**
 * One message of the outbox, opened from "Correos": to whom, what, where it stands and every
 * try; the message as the client sees it, in a frame that runs nothing (`sandbox=""`: no
 * scripts, no forms, not even our own origin, so its HTML can reach neither the page nor the
 * session; it is served by `/api/mail/{id}/preview` under a policy that lets only its inline
 * styles and data: images in), or as plain text; its calendar file to download; links to its cita and its
 * conversation; and "Reintentar" for one that failed.
 */
import { useState } from 'react';
import { api } from '../../api/client';
import type { MailMessage } from '../../api/types';
import { useResource } from '../../api/queries';
import { formatInstant, labelOf } from '../../shell/format';
import { Link } from '../../shell/router';
import { Skeleton } from '../../shell/Skeleton';
import { useToast } from '../../shell/toast';
import { agendaDayPath } from '../Agenda';
import { ToggleGroup } from '../ToggleGroup';
import { useFocusWhileOpen } from '../../shell/useFocusWhileOpen';
import { MailStatusBadge } from './MailStatusBadge';
import { MAIL_KIND_LABELS, citaDayOf } from './mailText';

type View = 'html' | 'text';

const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'html', label: 'Vista previa' },
  { value: 'text', label: 'Texto sin formato' },
];

interface MailPreviewProps {
  id: string;
  timeZone: string;
  /** Called with the message once queued again, so the list shows its new status. */
  onRetried: (mail: MailMessage) => void;
  onClose: () => void;
}

export function MailPreview({ id, timeZone, onRetried, onClose }: MailPreviewProps) {
  const { toast, error: showError } = useToast();
  const heading = useFocusWhileOpen<HTMLHeadingElement>();
  const detail = useResource('/api/mail/{id}', { params: { id } });
  const [view, setView] = useState<View>('html');
  const [retrying, setRetrying] = useState(false);
  const mail = detail.data?.item;

  async function retry() {
    setRetrying(true);
    try {
      const { item } = await api.post('/api/mail/{id}/retry', { params: { id } });
      detail.update((current) => ({ item: { ...current.item, ...item } }));
      onRetried(item);
      toast({ title: 'Correo en cola de nuevo', description: `Para ${item.to}` });
    } catch (cause) {
      showError(cause, 'No se pudo reintentar el correo');
    } finally {
      setRetrying(false);
    }
  }

  const citaDay = mail?.citaId && mail.ics ? citaDayOf(mail.ics, timeZone) : null;

  return (
    <section className="card dash-panel dash-mail-preview" aria-labelledby="dash-mail-title">
      <div className="dash-page-head">
        <h2 id="dash-mail-title" ref={heading} tabIndex={-1}>
          {mail ? mail.subject : 'Correo'}
        </h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cerrar <span className="visually-hidden">el correo</span>
        </button>
      </div>
      {detail.loading ? (
        <Skeleton variant="paragraph" count={4} />
      ) : !mail ? (
        <p className="dash-empty">No se pudo leer este correo.</p>
      ) : (
        <>
          <dl className="dash-mail-facts">
            <dt>Para</dt>
            <dd>{mail.to}</dd>
            <dt>Tipo</dt>
            <dd>{labelOf(MAIL_KIND_LABELS, mail.kind)}</dd>
            <dt>Estado</dt>
            <dd>
              <MailStatusBadge status={mail.status} />{' '}
              {mail.attempts === 1 ? '1 intento' : `${String(mail.attempts)} intentos`}
            </dd>
            <dt>Escrito</dt>
            <dd>{formatInstant(mail.createdAt, timeZone)}</dd>
            {mail.status === 'pending' && (
              <>
                <dt>Sale</dt>
                <dd>{formatInstant(mail.sendAfter, timeZone)}</dd>
              </>
            )}
            {mail.sentAt && (
              <>
                <dt>Enviado</dt>
                <dd>{formatInstant(mail.sentAt, timeZone)}</dd>
              </>
            )}
          </dl>
          {mail.lastError && (
            <div>
              <h3>Último error</h3>
              <p className="dash-mail-error">{mail.lastError}</p>
            </div>
          )}
          <div className="actions">
            {mail.status === 'failed' && (
              <button
                type="button"
                className="button button-primary"
                disabled={retrying}
                onClick={() => void retry()}
              >
                Reintentar
              </button>
            )}
            {mail.ics && (
              <a
                className="button button-secondary"
                href={`data:text/calendar;charset=utf-8,${encodeURIComponent(mail.ics)}`}
                download="cita.ics"
              >
                Descargar el .ics
              </a>
            )}
            {mail.citaId && citaDay !== null && (
              <Link to={agendaDayPath(citaDay, mail.citaId)}>Ver la cita en la agenda</Link>
            )}
            {mail.conversationId && (
              <Link to={`/dashboard/conversaciones/${encodeURIComponent(mail.conversationId)}`}>
                Ver la conversación
              </Link>
            )}
          </div>
          <ToggleGroup label="Ver el correo como" options={VIEWS} value={view} onChange={setView} />
          {view === 'html' ? (
            <iframe
              className="dash-mail-frame"
              title={`Vista previa: ${mail.subject}`}
              sandbox=""
              referrerPolicy="no-referrer"
              // Its own page under its own policy: a srcdoc frame would inherit the site's,
              // whose style-src blocks the message's inline styles.
              src={`/api/mail/${encodeURIComponent(mail.id)}/preview`}
            />
          ) : (
            <pre
              className="dash-mail-text"
              role="region"
              aria-label="Texto sin formato del correo"
              // It scrolls: the keyboard must be able to reach it.
              tabIndex={0}
            >
              {mail.text}
            </pre>
          )}
        </>
      )}
    </section>
  );
}
