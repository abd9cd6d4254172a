import { useId, useState } from 'react';
import { TextField } from '../shell/TextField';
import { useClientSearch } from './useClientSearch';

/** The server's limit on a new client's name (docs/DASHBOARD-API.md, D2). */
const CLIENT_NAME_MAX = 120;

/** Who the new cita is for: an existing client picked by search, or a new one's details. */
export type ClientChoice =
  | { kind: 'existing'; clientId: string | null }
  | { kind: 'new'; name: string; email: string; phone: string };

interface ClientPickerProps {
  value: ClientChoice;
  onChange: (choice: ClientChoice) => void;
}

export function ClientPicker({ value, onChange }: ClientPickerProps) {
  const [search, setSearch] = useState('');
  const clients = useClientSearch(search, false);
  const resultsId = useId();

  return (
    <fieldset className="dash-fieldset">
      <legend>Cliente</legend>
      <div className="dash-segmented" role="radiogroup" aria-label="Tipo de cliente">
        <label className="dash-choice">
          <input
            type="radio"
            name="client-kind"
            checked={value.kind === 'existing'}
            onChange={() => {
              onChange({ kind: 'existing', clientId: null });
            }}
          />
          Cliente existente
        </label>
        <label className="dash-choice">
          <input
            type="radio"
            name="client-kind"
            checked={value.kind === 'new'}
            onChange={() => {
              onChange({ kind: 'new', name: '', email: '', phone: '' });
            }}
          />
          Cliente nuevo
        </label>
      </div>

      {value.kind === 'existing' ? (
        <>
          <TextField
            label="Buscar cliente"
            type="search"
            value={search}
            placeholder="Nombre, correo o teléfono"
            aria-controls={resultsId}
            onChange={setSearch}
          />
          <div id={resultsId} role="radiogroup" aria-label="Clientes encontrados">
            {clients.query !== '' && !clients.loading && clients.data?.items.length === 0 && (
              <p className="dash-empty">No hay clientes con ese dato.</p>
            )}
            {clients.data?.items.map((client) => (
              <label key={client.id} className="dash-choice">
                <input
                  type="radio"
                  name="client-id"
                  checked={value.clientId === client.id}
                  onChange={() => {
                    onChange({ kind: 'existing', clientId: client.id });
                  }}
                />
                {client.name}
                {client.email && <span className="muted"> · {client.email}</span>}
              </label>
            ))}
          </div>
        </>
      ) : (
        <div className="dash-grid">
          <TextField
            label="Nombre"
            value={value.name}
            maxLength={CLIENT_NAME_MAX}
            required
            autoComplete="off"
            onChange={(text) => {
              onChange({ ...value, name: text });
            }}
          />
          <TextField
            label="Correo (opcional)"
            type="email"
            value={value.email}
            autoComplete="off"
            onChange={(text) => {
              onChange({ ...value, email: text });
            }}
          />
          <TextField
            label="Teléfono (opcional)"
            type="tel"
            value={value.phone}
            autoComplete="off"
            onChange={(text) => {
              onChange({ ...value, phone: text });
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
