import { useState } from 'react';
import { api } from '../api/client';
import { useResource } from '../api/queries';
import type { Conversation } from '../api/types';
import { formatInstant } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { inboxName } from './conversationText';
import { LoadMoreButton, usePagedList } from './PagedList';
import { DashboardSection } from './DashboardSection';
import { alertsEnabled, setAlerts } from './inboxAlerts';
import { ToggleGroup } from './ToggleGroup';

export const CONVERSATIONS_PAGE = 50;
/** How often the inbox's first page is read again, so new messages and waits appear. */
export const INBOX_REFRESH_MS = 3000;

export type InboxFilter = 'needsPerson' | 'booked' | 'all';

const FILTERS: readonly { value: InboxFilter; label: string }[] = [
  { value: 'needsPerson', label: 'Necesita una persona' },
  { value: 'booked', label: 'Con reserva' },
  { value: 'all', label: 'Todas' },
];

function pageQuery(filter: InboxFilter, before?: string) {
  return { limit: CONVERSATIONS_PAGE, filter, before };
}

/**
 * Conversaciones (D4), as an inbox: who wrote (the account's name, or the name a guest gave),
 * the last message as plain text, what the signed-in staff member has not read, the site it came
 * from; those waiting for a person first, and filters. The first page is read again every few
 * seconds; older pages load on demand.
 */
export function Conversations({ timeZone }: { timeZone: string }) {
  const [filter, setFilter] = useState<InboxFilter>('all');
  // Polled while the tab is visible.
  const firstPage = useResource(
    '/api/conversations',
    { query: pageQuery(filter) },
    { refetchInterval: INBOX_REFRESH_MS },
  );
  const paged = usePagedList({
    firstPage,
    list: filter,
    readOlder: (before) => api.get('/api/conversations', { query: pageQuery(filter, before) }),
    cursorOf: (conversation) => conversation.lastAt,
    pageSize: CONVERSATIONS_PAGE,
    failure: 'No se pudieron cargar más conversaciones',
  });
  const { items: conversations } = paged;

  return (
    <DashboardSection title="Conversaciones">
      <div className="dash-toolbar dash-inbox-toolbar">
        <ToggleGroup label="Mostrar" options={FILTERS} value={filter} onChange={setFilter} />
        <AlertsButton />
      </div>
      {firstPage.loading ? (
        <Skeleton variant="block" count={4} height="4rem" />
      ) : conversations.length === 0 ? (
        <p className="dash-empty">
          {filter === 'needsPerson'
            ? 'Nadie espera a una persona ahora mismo.'
            : filter === 'booked'
              ? 'Todavía no hay conversaciones con reserva.'
              : 'Todavía no hay conversaciones.'}
        </p>
      ) : (
        <ul className="dash-inbox">
          {conversations.map((conversation) => (
            <InboxRow
              key={conversation.sessionId}
              conversation={conversation}
              timeZone={timeZone}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton paged={paged} />
    </DashboardSection>
  );
}

function InboxRow({ conversation, timeZone }: { conversation: Conversation; timeZone: string }) {
  const unread = conversation.unread;
  return (
    <li
      className="card dash-inbox-row"
      data-needs-person={conversation.needsPerson ? 'true' : undefined}
      data-unread={unread > 0 ? 'true' : undefined}
    >
      <div className="dash-card-head">
        <h2 className="dash-card-title">
          <Link to={`/dashboard/conversaciones/${encodeURIComponent(conversation.sessionId)}`}>
            {inboxName(conversation)}
          </Link>
        </h2>
        <span className="dash-inbox-when">{formatInstant(conversation.lastAt, timeZone)}</span>
      </div>
      <p className="dash-excerpt">
        {conversation.lastMessage?.sender === 'user' && (
          <span className="visually-hidden">Visitante: </span>
        )}
        {conversation.preview}
      </p>
      <p className="dash-inbox-tags">
        {conversation.needsPerson && (
          <span className="badge" data-status="cancelada">
            Necesita una persona
            {conversation.needsPersonSince &&
              ` · desde ${formatInstant(conversation.needsPersonSince, timeZone)}`}
          </span>
        )}
        {unread > 0 && (
          <span className="badge dash-unread">
            {unread === 1 ? '1 sin leer' : `${unread} sin leer`}
          </span>
        )}
        {conversation.booked && (
          <span className="badge" data-status="confirmada">
            Con reserva
          </span>
        )}
        {conversation.takenOverBy && (
          <span className="muted">Atendida por {conversation.takenOverBy.name}</span>
        )}
        {conversation.site && <span className="muted">Desde {conversation.site}</span>}
      </p>
    </li>
  );
}

/** Turns the chime and the browser notification on or off, in this browser. */
function AlertsButton() {
  const { toast } = useToast();
  const [on, setOn] = useState(alertsEnabled);
  async function toggle() {
    const next = !on;
    setOn(next);
    const permission = await setAlerts(next);
    if (!next) {
      toast({ title: 'Avisos desactivados' });
    } else if (permission === 'granted') {
      toast({ title: 'Avisos activados: sonido y notificación' });
    } else {
      toast({ title: 'Avisos activados con sonido (el navegador no muestra notificaciones)' });
    }
  }
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-pressed={on}
      onClick={() => void toggle()}
    >
      {on ? 'Avisos activados' : 'Activar avisos'}
    </button>
  );
}
