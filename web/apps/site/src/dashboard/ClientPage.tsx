/**
 * A client's page (issue 11): contact details staff can correct, with `tel:` and `mailto:`
 * links; the private note only staff read ("alérgica al amoniaco"); every cita, latest first;
 * every conversation, each linked to its transcript. `GET|PATCH /api/clients/{id}`.
 */
import { useState, type SubmitEvent } from 'react';
import { api } from '../api/client';
import { ApiError, errorMessage } from '../api/http';
import type { ClientDetail, ClientPatch } from '../api/types';
import { useResource } from '../api/queries';
import { StatusBadge } from '../appointments/StatusBadge';
import { Field } from '../shell/Field';
import { formatPhone, telHref } from '../shell/contact';
import { formatDate, formatInstant, formatTime } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { TextField } from '../shell/TextField';
import { useToast } from '../shell/toast';
import { DashboardSection } from './DashboardSection';
import { DataTable } from './DataTable';

/** The server's limits (docs/DASHBOARD-API.md). */
const NAME_MAX = 120;
const NOTE_MAX = 2000;

/** Where a client's page is. */
export function clientPath(clientId: string): string {
  return `/dashboard/clientes/${encodeURIComponent(clientId)}`;
}

export function ClientPage({ clientId, timeZone }: { clientId: string; timeZone: string }) {
  const client = useResource('/api/clients/{id}', { params: { id: clientId } });
  const back = (
    <p>
      <Link to="/dashboard/clientes">← Todos los clientes</Link>
    </p>
  );

  if (client.loading) {
    return (
      <DashboardSection title="Cliente" above={back}>
        <Skeleton variant="block" count={3} height="6rem" />
      </DashboardSection>
    );
  }
  const item = client.data?.item;
  if (!item) {
    return (
      <DashboardSection title="Cliente" above={back}>
        <p className="dash-empty">No se pudo cargar este cliente.</p>
      </DashboardSection>
    );
  }
  const saved = (changed: ClientDetail) => {
    client.update(() => ({ item: changed }));
  };

  return (
    <DashboardSection title={item.name} above={back}>
      <div className="dash-client">
        <ContactForm client={item} onSaved={saved} />
        <NoteForm client={item} onSaved={saved} />
      </div>
      <ClientCitas client={item} />
      <ClientConversations client={item} timeZone={timeZone} />
    </DashboardSection>
  );
}

/** Sends a change of the client; resolves with the client as saved. */
async function patchClient(id: string, patch: ClientPatch): Promise<ClientDetail> {
  const { item } = await api.patch('/api/clients/{id}', { params: { id }, body: patch });
  return item;
}

interface FormProps {
  client: ClientDetail;
  onSaved: (client: ClientDetail) => void;
}

type ContactField = 'name' | 'email' | 'phone';

/** Which field a refusal is about, from its code or the field it names. */
function refusedField(cause: unknown): ContactField | null {
  if (!(cause instanceof ApiError)) return null;
  if (cause.code === 'invalid_email') return 'email';
  if (cause.code === 'invalid_phone') return 'phone';
  if (cause.message.includes('«name»')) return 'name';
  return null;
}

function ContactForm({ client, onSaved }: FormProps) {
  const { toast } = useToast();
  const [name, setName] = useState(client.name);
  const [email, setEmail] = useState(client.email ?? '');
  // Edited as it is read: the Spanish way, whatever form it is kept in.
  const [phone, setPhone] = useState(client.phone ? formatPhone(client.phone) : '');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ field: ContactField | null; message: string } | null>(
    null,
  );
  const errorOf = (field: ContactField) => (refusal?.field === field ? refusal.message : undefined);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setRefusal(null);
    try {
      const changed = await patchClient(client.id, {
        name,
        email: email.trim() === '' ? null : email,
        phone: phone.trim() === '' ? null : phone,
      });
      onSaved(changed);
      setName(changed.name);
      setEmail(changed.email ?? '');
      setPhone(changed.phone ? formatPhone(changed.phone) : '');
      toast({ title: 'Datos guardados', description: changed.name });
    } catch (cause) {
      setRefusal({ field: refusedField(cause), message: errorMessage(cause) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="card dash-panel"
      aria-labelledby="client-contact-title"
      onSubmit={(event) => void save(event)}
    >
      <h2 id="client-contact-title">Datos de contacto</h2>
      <TextField
        label="Nombre"
        value={name}
        required
        maxLength={NAME_MAX}
        autoComplete="off"
        error={errorOf('name')}
        onChange={setName}
      />
      <TextField
        label="Correo"
        type="email"
        value={email}
        autoComplete="off"
        error={errorOf('email')}
        onChange={setEmail}
      />
      <TextField
        label="Teléfono"
        type="tel"
        value={phone}
        autoComplete="off"
        error={errorOf('phone')}
        onChange={setPhone}
      />
      {(client.phone ?? client.email) && (
        <p className="actions">
          {client.phone && (
            <a className="button button-secondary" href={telHref(client.phone)}>
              Llamar al {formatPhone(client.phone)}
            </a>
          )}
          {client.email && (
            <a className="button button-secondary" href={`mailto:${client.email}`}>
              Escribir a {client.email}
            </a>
          )}
        </p>
      )}
      {client.userId && <p className="muted">Tiene cuenta en la web.</p>}
      {refusal?.field === null && (
        <p role="alert" className="form-error">
          {refusal.message}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Guardando…' : 'Guardar datos'}
        </button>
      </div>
    </form>
  );
}

function NoteForm({ client, onSaved }: FormProps) {
  const { toast } = useToast();
  const [note, setNote] = useState(client.note);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const changed = note !== client.note;

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setRefusal(undefined);
    try {
      const saved = await patchClient(client.id, { note });
      onSaved(saved);
      setNote(saved.note);
      toast({ title: 'Nota guardada' });
    } catch (cause) {
      setRefusal(errorMessage(cause));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="card dash-panel"
      aria-labelledby="client-note-title"
      onSubmit={(event) => void save(event)}
    >
      <h2 id="client-note-title">Nota privada</h2>
      <Field
        label="Nota"
        hint={`Solo la ve el equipo, nunca el cliente. ${note.length} de ${NOTE_MAX} caracteres.`}
        error={refusal}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={NOTE_MAX}
            value={note}
            placeholder="Por ejemplo: alérgica al amoniaco"
            onChange={(event) => {
              setNote(event.target.value);
            }}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={saving || !changed}>
          {saving ? 'Guardando…' : 'Guardar nota'}
        </button>
      </div>
    </form>
  );
}

function ClientCitas({ client }: { client: ClientDetail }) {
  const latestFirst = [...client.citas].reverse();
  return (
    <section className="dash-client-part" aria-labelledby="client-citas-title">
      <h2 id="client-citas-title">Citas ({client.citas.length})</h2>
      {latestFirst.length === 0 ? (
        <p className="dash-empty">Todavía no tiene citas.</p>
      ) : (
        <DataTable
          label={`Citas de ${client.name}`}
          columns={['Fecha', 'Hora', 'Servicios', 'Con', 'Estado']}
        >
          {latestFirst.map((cita) => (
            <tr key={cita.id}>
              <th scope="row">{formatDate(cita.date, 'short')}</th>
              <td>
                {formatTime(cita.startMin)}–{formatTime(cita.endMin)}
              </td>
              <td>{cita.services.map((service) => service.name).join(', ')}</td>
              <td>{cita.staffName}</td>
              <td>
                <StatusBadge status={cita.status} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function ClientConversations({ client, timeZone }: { client: ClientDetail; timeZone: string }) {
  return (
    <section className="dash-client-part" aria-labelledby="client-conversations-title">
      <h2 id="client-conversations-title">Conversaciones ({client.conversations.length})</h2>
      {client.conversations.length === 0 ? (
        <p className="dash-empty">Todavía no ha hablado con el asistente.</p>
      ) : (
        <ul className="dash-cards">
          {client.conversations.map((conversation) => (
            <li key={conversation.sessionId} className="card dash-card">
              <h3 className="dash-card-title">
                <Link
                  to={`/dashboard/conversaciones/${encodeURIComponent(conversation.sessionId)}`}
                >
                  Conversación del {formatInstant(conversation.startedAt, timeZone)}
                </Link>
              </h3>
              <p className="dash-excerpt">{conversation.preview}</p>
              <p className="muted">
                Último mensaje: {formatInstant(conversation.lastMessageAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
