/**
 * Correos (issue 13, administradores): the outbox, newest first. Every message citabot writes is
 * listed here (what it is, to whom, its subject, where it stands, when), sent or not: with no
 * mail server configured nothing goes out and a banner says so, and the messages are still kept
 * here to read. Filters by status, loads older pages on demand, and opens one in a preview.
 */
import { useState } from 'react';
import { api } from '../../api/client';
import { useResource } from '../../api/queries';
import type { MailMessage, MailStatus } from '../../api/types';
import { formatInstant, labelOf } from '../../shell/format';
import { Skeleton } from '../../shell/Skeleton';
import { DashboardSection } from '../DashboardSection';
import { DataTable } from '../DataTable';
import { LoadMoreButton, usePagedList } from '../PagedList';
import { ToggleGroup } from '../ToggleGroup';
import { MailPreview } from './MailPreview';
import { MailStatusBadge } from './MailStatusBadge';
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, MAIL_STATUSES, mailMoment } from './mailText';
import './mail.css';

export const MAIL_PAGE = 50;

type Filter = MailStatus | 'all';

const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...MAIL_STATUSES.map((status) => ({ value: status, label: MAIL_STATUS_LABELS[status] })),
];

function pageQuery(filter: Filter, before?: string) {
  // The document takes `limit` as text, as it comes in the URL.
  return { limit: String(MAIL_PAGE), status: filter === 'all' ? undefined : filter, before };
}

export function Mail({ timeZone }: { timeZone: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const firstPage = useResource('/api/mail', { query: pageQuery(filter) });
  const paged = usePagedList({
    firstPage,
    list: filter,
    readOlder: (before) => api.get('/api/mail', { query: pageQuery(filter, before) }),
    // By id, not createdAt: the messages one change writes share their createdAt.
    cursorOf: (mail) => mail.id,
    pageSize: MAIL_PAGE,
    failure: 'No se pudieron cargar más correos',
  });
  const [openId, setOpenId] = useState<string | null>(null);
  // A retried message's new state, over what the pages say, until they are read again.
  const [changed, setChanged] = useState<Record<string, MailMessage>>({});
  const messages = paged.items.map((mail) => changed[mail.id] ?? mail);

  return (
    <DashboardSection title="Correos">
      {firstPage.data?.configured === false && (
        <div className="dash-mail-unconfigured" role="note">
          <p>
            <strong>El correo no está configurado: citabot no envía ningún mensaje.</strong>
          </p>
          <p>
            Los mensajes que enviaría se guardan aquí como «Sin enviar» para que puedas leerlos; no
            se enviarán más tarde. Para enviarlos, indica <code>smtp_url</code>,{' '}
            <code>mail_from</code> y <code>public_url</code> en la configuración del servidor (el
            README explica cómo conectar un proveedor de correo).
          </p>
        </div>
      )}
      <div className="dash-toolbar">
        <ToggleGroup
          label="Estado"
          options={FILTERS}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setOpenId(null);
          }}
        />
      </div>
      {openId !== null && (
        <MailPreview
          key={openId}
          id={openId}
          timeZone={timeZone}
          onRetried={(mail) => {
            setChanged((current) => ({ ...current, [mail.id]: mail }));
          }}
          onClose={() => {
            setOpenId(null);
          }}
        />
      )}
      {firstPage.loading ? (
        <Skeleton variant="block" count={4} height="3rem" />
      ) : !firstPage.data ? (
        <p className="dash-empty">No se pudieron leer los correos.</p>
      ) : messages.length === 0 ? (
        <p className="dash-empty">
          {filter === 'all'
            ? 'Todavía no se ha escrito ningún correo.'
            : `No hay correos en estado «${MAIL_STATUS_LABELS[filter]}».`}
        </p>
      ) : (
        <DataTable
          label="Tabla de correos"
          columns={['Asunto', 'Tipo', 'Para', 'Estado', 'Cuándo']}
        >
          {messages.map((mail) => {
            const moment = mailMoment(mail);
            return (
              <tr key={mail.id} data-open={mail.id === openId || undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="dash-link-button"
                    aria-pressed={mail.id === openId}
                    onClick={() => {
                      setOpenId(mail.id);
                    }}
                  >
                    {mail.subject}
                  </button>
                </th>
                <td>{labelOf(MAIL_KIND_LABELS, mail.kind)}</td>
                <td className="dash-mail-to">{mail.to}</td>
                <td>
                  <MailStatusBadge status={mail.status} />
                </td>
                <td>
                  <span className="muted">{moment.label}</span> {formatInstant(moment.at, timeZone)}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <LoadMoreButton paged={paged} />
    </DashboardSection>
  );
}
