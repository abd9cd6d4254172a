/**
 * "Claves de API" in Ajustes › Integraciones (administradores): the keys an n8n workflow or an
 * AI agent signs in with, acting as staff of the key's role. The list, newest first, keeps the
 * revoked keys, marked as such; "Revocar" asks first. "Nueva clave" answers with the whole key
 * this one time only: it is kept in this component's state for its panel, never in the list,
 * and is gone once the panel is closed ("Hecho") or the section is left.
 */
import { useId, useState } from 'react';
import { api } from '../../api/client';
import type { ApiKey, CreatedApiKey, StaffRole } from '../../api/types';
import { useResource } from '../../api/queries';
import { Field } from '../../shell/Field';
import { formatInstant, labelOf } from '../../shell/format';
import { Skeleton } from '../../shell/Skeleton';
import { TextField } from '../../shell/TextField';
import { useToast } from '../../shell/toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { DataTable } from '../DataTable';
import { STAFF_ROLE_LABELS } from '../staffRoles';
import { useFocusWhileOpen } from '../../shell/useFocusWhileOpen';
import { CopyButton } from './CopyButton';
import { SettingsForm } from './SettingsForm';

/** The server's limit on a key's name, in characters. */
const NAME_MAX = 80;

/** Why `name` cannot be a key's name, or null. */
export function keyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Escribe un nombre para la clave.';
  if (trimmed.length > NAME_MAX) return `El nombre admite hasta ${NAME_MAX} caracteres.`;
  return null;
}

export function ApiKeys({ timeZone }: { timeZone: string }) {
  const { toast, error: showError } = useToast();
  const list = useResource('/api/keys');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('usuario');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function create() {
    const problem = keyNameProblem(name);
    if (problem) return problem;
    const answer = await api.post('/api/keys', { body: { name: name.trim(), role } });
    list.update(({ keys }) => ({ keys: [answer.apiKey, ...keys] }));
    setCreated(answer);
    setName('');
    setRole('usuario');
  }

  async function revoke(key: ApiKey) {
    try {
      await api.delete('/api/keys/{id}', { params: { id: key.id } });
      // The server answers with no body: until the list is read again, the moment is ours.
      const revokedAt = new Date().toISOString();
      list.update(({ keys }) => ({
        keys: keys.map((each) => (each.id === key.id ? { ...each, revokedAt } : each)),
      }));
      if (created?.apiKey.id === key.id) setCreated(null);
      toast({ title: 'Clave revocada', description: key.name });
    } catch (cause) {
      showError(cause, 'No se pudo revocar la clave');
    }
  }

  const keys = list.data?.keys;
  return (
    <div className="settings-block">
      <h2>Claves de API</h2>
      {created && (
        <NewKeyPanel
          key={created.apiKey.id}
          created={created}
          onDone={() => {
            setCreated(null);
          }}
        />
      )}
      {list.loading ? (
        <Skeleton variant="paragraph" count={3} />
      ) : !keys ? (
        <p className="dash-empty">No se pudieron leer las claves.</p>
      ) : keys.length === 0 ? (
        <p className="dash-empty">
          Todavía no hay ninguna clave. Una clave deja que un workflow de n8n o un agente de IA
          trabaje con la agenda del salón como alguien del equipo, sin la contraseña de nadie.
        </p>
      ) : (
        <DataTable
          label="Tabla de claves de API"
          columns={['Nombre', 'Prefijo', 'Rol', 'Creada', 'Último uso', 'Estado', 'Acciones']}
        >
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.name}</th>
              <td>
                <code>{key.prefix}</code>
              </td>
              <td>{labelOf(STAFF_ROLE_LABELS, key.role)}</td>
              <td>
                {formatInstant(key.createdAt, timeZone)}
                {key.createdBy && <div className="muted">por {key.createdBy.name}</div>}
              </td>
              <td>{key.lastUsedAt ? formatInstant(key.lastUsedAt, timeZone) : 'Nunca'}</td>
              <td>
                {key.revokedAt ? (
                  <>
                    <span className="badge" data-key-state="revoked">
                      Revocada
                    </span>
                    <div className="muted">el {formatInstant(key.revokedAt, timeZone)}</div>
                  </>
                ) : (
                  <span className="badge" data-key-state="active">
                    Activa
                  </span>
                )}
              </td>
              <td>
                {!key.revokedAt ? (
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    // The visible word first, then which key (WCAG label in name).
                    aria-label={`Revocar ${key.name}`}
                    onClick={() => {
                      setRevoking(key);
                    }}
                  >
                    Revocar
                  </button>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <SettingsForm title="Nueva clave" submitLabel="Crear clave" onSave={create}>
        <div className="dash-grid">
          <TextField
            label="Nombre"
            hint="Para reconocerla en la lista, p. ej. «n8n recepción»."
            autoComplete="off"
            value={name}
            onChange={setName}
          />
          <Field
            label="Rol"
            hint="Usuario: lo que puede el personal. Administrador: además, los ajustes y el equipo."
          >
            {(control) => (
              <select
                {...control}
                value={role}
                onChange={(event) => {
                  setRole(event.target.value as StaffRole);
                }}
              >
                {Object.entries(STAFF_ROLE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </SettingsForm>
      {revoking && (
        <ConfirmDialog
          title="¿Revocar la clave?"
          description={`«${revoking.name}» dejará de funcionar al momento: lo que la use ya no podrá entrar en la agenda. No se puede deshacer.`}
          confirmLabel="Revocar"
          onCancel={() => {
            setRevoking(null);
          }}
          onConfirm={() => {
            setRevoking(null);
            void revoke(revoking);
          }}
        />
      )}
    </div>
  );
}

/**
 * The key just created, whole, with "Copiar" and "Hecho". Its heading takes focus when it
 * appears, so the keyboard and the screen reader land on it; "Hecho" closes it for good.
 */
function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useFocusWhileOpen<HTMLHeadingElement>();
  const titleId = useId();
  return (
    <section className="card dash-panel settings-new-key" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        Clave creada: {created.apiKey.name}
      </h3>
      <p>
        <strong>Guárdala ahora: no la volverás a ver.</strong> Pégala en la credencial de n8n o del
        agente que vaya a usarla.
      </p>
      <code className="settings-copyable">{created.key}</code>
      <CopyButton text={created.key} what="la clave" />
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onDone}>
          Hecho
        </button>
      </div>
    </section>
  );
}
