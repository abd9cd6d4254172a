import { useId, useState } from 'react';
import { Field } from '../shell/Field';
import { useClientSearch } from './useClientSearch';

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
          <Field label="Buscar cliente">
            {(control) => (
              <input
                {...control}
                type="search"
                value={search}
                placeholder="Nombre, correo o teléfono"
                aria-controls={resultsId}
                onChange={(event) => {
                  setSearch(event.target.value);
                }}
              />
            )}
          </Field>
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
          <Field label="Nombre">
            {(control) => (
              <input
                {...control}
                value={value.name}
                maxLength={120}
                required
                autoComplete="off"
                onChange={(event) => {
                  onChange({ ...value, name: event.target.value });
                }}
              />
            )}
          </Field>
          <Field label="Correo (opcional)">
            {(control) => (
              <input
                {...control}
                type="email"
                value={value.email}
                autoComplete="off"
                onChange={(event) => {
                  onChange({ ...value, email: event.target.value });
                }}
              />
            )}
          </Field>
          <Field label="Teléfono (opcional)">
            {(control) => (
              <input
                {...control}
                type="tel"
                value={value.phone}
                autoComplete="off"
                onChange={(event) => {
                  onChange({ ...value, phone: event.target.value });
                }}
              />
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}
