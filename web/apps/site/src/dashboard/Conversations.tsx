import { useState } from 'react';
import { apiFetch } from '../api/http';
import type { Conversation, ListResponse } from '../api/types';
import { useResource } from '../api/useResource';
import { formatInstant } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { visitorLabel } from './conversationText';
import { DashboardSection } from './DashboardSection';

export const CONVERSATIONS_PAGE = 50;

function pagePath(before?: string): string {
  const query = new URLSearchParams({ limit: String(CONVERSATIONS_PAGE) });
  if (before !== undefined) query.set('before', before);
  return `/api/conversations?${query}`;
}

/** Conversaciones (D4): every chat, the most recent first, fifty at a time. */
export function Conversations({ timeZone }: { timeZone: string }) {
  const { error: showError } = useToast();
  const firstPage = useResource<ListResponse<Conversation>>(pagePath());
  const [olderPages, setOlderPages] = useState<Conversation[][]>([]);
  const [loadingMore, setLoadingMore] = useState(false);

  const pages = firstPage.data ? [firstPage.data.items, ...olderPages] : [];
  const conversations = pages.flat();
  // A short page means the server has nothing older.
  const hasMore = (pages.at(-1)?.length ?? 0) === CONVERSATIONS_PAGE;

  async function loadMore() {
    const oldest = conversations.at(-1);
    if (oldest === undefined) return;
    setLoadingMore(true);
    try {
      const { items } = await apiFetch<ListResponse<Conversation>>(pagePath(oldest.lastAt));
      setOlderPages((current) => [...current, items]);
    } catch (cause) {
      showError(cause, 'No se pudieron cargar más conversaciones');
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <DashboardSection title="Conversaciones">
      {firstPage.loading ? (
        <Skeleton variant="block" count={4} height="4rem" />
      ) : conversations.length === 0 ? (
        <p className="dash-empty">Todavía no hay conversaciones.</p>
      ) : (
        <ul className="dash-cards">
          {conversations.map((conversation) => (
            <li key={conversation.sessionId} className="card dash-card">
              <div className="dash-card-head">
                <h2 className="dash-card-title">
                  <Link
                    to={`/dashboard/conversaciones/${encodeURIComponent(conversation.sessionId)}`}
                  >
                    {visitorLabel(conversation.visitor)}
                  </Link>
                </h2>
                {conversation.booked && (
                  <span className="badge" data-status="confirmada">
                    Reservó
                  </span>
                )}
              </div>
              {conversation.lastMessage && (
                <p className="dash-excerpt">
                  <span className="muted">
                    {conversation.lastMessage.sender === 'user' ? 'Visitante: ' : 'Respuesta: '}
                  </span>
                  {conversation.lastMessage.text}
                </p>
              )}
              <p className="muted">
                {formatInstant(conversation.lastAt, timeZone)} · {conversation.messageCount}{' '}
                {conversation.messageCount === 1 ? 'mensaje' : 'mensajes'}
                {conversation.takenOverBy && ` · Atendida por ${conversation.takenOverBy.name}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="button button-secondary"
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          Cargar más
        </button>
      )}
    </DashboardSection>
  );
}
