import { Markdown } from '@citabot/chat';
import { useRef, useState, type SubmitEvent } from 'react';
import { api } from '../api/client';
import { useResource } from '../api/queries';
import type { ConversationDetail as Detail, ConversationMessage } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { Field } from '../shell/Field';
import { addDays, formatDate, formatInstant, formatTime, todayIn } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { agendaDayPath } from './Agenda';
import { visitorLabel, withoutSignature } from './conversationText';
import { DashboardSection } from './DashboardSection';
import { usePolledConversation } from './usePolledConversation';

/** How often, at most, the visitor's chat is told that staff are writing (it shows it for 6 s). */
const TYPING_PING_MS = 2000;

// The appointments API answers at most 92 days at once; a chat books within that.
const BOOKING_WINDOW_DAYS = 91;

function authorOf(message: ConversationMessage, visitor: string): string {
  if (message.sender === 'user') return visitor;
  return message.by ? `${message.by.name} (equipo)` : 'Asistente';
}

/**
 * One conversation (D4): the transcript, read again every second so the visitor's new messages
 * appear (and are announced politely), the citas it booked, and the take-over controls.
 */
export function ConversationDetail({
  sessionId,
  timeZone,
}: {
  sessionId: string;
  timeZone: string;
}) {
  const { user } = useAuth();
  const { toast, error: showError } = useToast();
  const { conversation, patch, refresh } = usePolledConversation(sessionId);
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const params = { sessionId };
  const lastTypingPing = useRef(0);

  /** Tells the visitor's chat that they are writing: at most every `TYPING_PING_MS`. */
  function sayTyping() {
    const now = Date.now();
    if (now - lastTypingPing.current < TYPING_PING_MS) return;
    lastTypingPing.current = now;
    // Only a courtesy to the visitor: a failure changes nothing for the reply itself.
    api.post('/api/conversations/{sessionId}/typing', { params }).catch(() => undefined);
  }

  async function switchOwner(action: 'takeover' | 'handback') {
    setSending(true);
    try {
      const { item } =
        action === 'takeover'
          ? await api.post('/api/conversations/{sessionId}/takeover', { params })
          : await api.post('/api/conversations/{sessionId}/handback', { params });
      patch((current) => ({ ...current, ...item, messages: current.messages }));
      toast({
        title:
          action === 'takeover'
            ? 'Ahora atiendes tú esta conversación'
            : 'El asistente vuelve a responder',
      });
    } catch (cause) {
      showError(cause, 'No se pudo cambiar quién atiende');
    } finally {
      setSending(false);
    }
  }

  async function sendReply(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reply.trim();
    if (text === '') return;
    setSending(true);
    try {
      await api.post('/api/conversations/{sessionId}/messages', { params, body: { text } });
      setReply('');
      // The stored copy, with its author, comes with the next read: ask for it now.
      refresh();
    } catch (cause) {
      showError(cause, 'No se pudo enviar la respuesta');
    } finally {
      setSending(false);
    }
  }

  if (conversation === null) {
    return (
      <DashboardSection title="Conversación no encontrada">
        <p>
          No hay ninguna conversación con esa dirección.{' '}
          <Link to="/dashboard/conversaciones">Ver todas las conversaciones</Link>.
        </p>
      </DashboardSection>
    );
  }
  if (conversation === undefined) {
    return (
      <DashboardSection title="Conversación">
        <Skeleton variant="paragraph" count={6} />
      </DashboardSection>
    );
  }

  const visitor = visitorLabel(conversation.visitor);
  const takenByMe = !!conversation.takenOverBy && conversation.takenOverBy.id === user?.id;
  return (
    <DashboardSection
      title={`Conversación con ${visitor}`}
      above={
        <p>
          <Link to="/dashboard/conversaciones">← Todas las conversaciones</Link>
        </p>
      }
    >
      {conversation.needsPerson && (
        <p className="dash-needs-person" role="note">
          <strong>Necesita una persona</strong>
          {conversation.needsPersonSince &&
            ` desde ${formatInstant(conversation.needsPersonSince, timeZone)}`}
          : pulsa «Atender» y escríbele; tu respuesta le llega al momento.
        </p>
      )}
      <p className="muted">
        {conversation.site && `Desde ${conversation.site} · `}
        Empezó el {formatInstant(conversation.startedAt, timeZone)} ·{' '}
        {conversation.takenOverBy
          ? `Atendida por ${conversation.takenOverBy.name}`
          : 'Responde el asistente'}
      </p>

      {conversation.booked && (
        <BookedAppointments conversation={conversation} timeZone={timeZone} />
      )}

      {/* A log is a polite live region: the visitor's new messages are read out as they arrive. */}
      <div role="log" aria-label="Mensajes">
        <ol className="dash-transcript">
          {conversation.messages.map((message, index) => (
            <li
              // The transcript only grows, so a message keeps its position.
              key={index}
              className="dash-message"
              data-sender={
                message.sender === 'user' ? 'visitor' : message.by ? 'staff' : 'assistant'
              }
            >
              <p className="dash-message-meta">
                <strong>{authorOf(message, visitor)}</strong> ·{' '}
                {formatInstant(message.at, timeZone)}
              </p>
              {message.sender === 'user' ? (
                <p className="dash-message-text">{message.text}</p>
              ) : (
                // The assistant's and staff's replies as the visitor saw them, with the widget's
                // own safe renderer (raw HTML stays text, unsafe links are dropped).
                <Markdown
                  className="dash-message-markdown"
                  source={message.by ? withoutSignature(message.text) : message.text}
                />
              )}
            </li>
          ))}
        </ol>
      </div>

      <div className="actions">
        {!takenByMe && (
          <button
            type="button"
            className="button button-primary"
            disabled={sending}
            onClick={() => void switchOwner('takeover')}
          >
            Atender
          </button>
        )}
        {conversation.takenOverBy && (
          <button
            type="button"
            className="button button-secondary"
            disabled={sending}
            onClick={() => void switchOwner('handback')}
          >
            Devolver al asistente
          </button>
        )}
      </div>

      {takenByMe && (
        <form
          className="card dash-panel"
          aria-label="Responder"
          onSubmit={(e) => void sendReply(e)}
        >
          <Field label="Tu respuesta">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                value={reply}
                onChange={(event) => {
                  setReply(event.target.value);
                  if (event.target.value.trim() !== '') sayTyping();
                }}
              />
            )}
          </Field>
          <div className="actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={sending || reply.trim() === ''}
            >
              Enviar
            </button>
          </div>
        </form>
      )}
    </DashboardSection>
  );
}

/** The citas this chat booked, each a link to its day in the agenda. */
function BookedAppointments({
  conversation,
  timeZone,
}: {
  conversation: Detail;
  timeZone: string;
}) {
  const from = todayIn(timeZone, new Date(conversation.startedAt));
  const appointments = useResource('/api/appointments', {
    query: { from, to: addDays(from, BOOKING_WINDOW_DAYS) },
  });
  const booked =
    appointments.data?.items.filter((each) => each.chatSessionId === conversation.sessionId) ?? [];
  return (
    <section className="card dash-panel" aria-labelledby="dash-booked-title">
      <h2 id="dash-booked-title">Citas reservadas en este chat</h2>
      {appointments.loading ? (
        <Skeleton variant="paragraph" />
      ) : booked.length === 0 ? (
        <p className="muted">No se encuentran sus citas en la agenda.</p>
      ) : (
        <ul>
          {booked.map((appointment) => (
            <li key={appointment.id}>
              <Link to={agendaDayPath(appointment.date, appointment.id)}>
                {formatDate(appointment.date)}, {formatTime(appointment.startMin)}
              </Link>{' '}
              · {appointment.services.map((service) => service.name).join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
