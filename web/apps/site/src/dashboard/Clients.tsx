import { useState } from 'react';
import { TextField } from '../shell/TextField';
import { formatDate } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { DataTable } from './DataTable';
import { useClientSearch } from './useClientSearch';

/** Clientes (D3): every client, searched by name, email or phone as the person types. */
export function Clients() {
  const [search, setSearch] = useState('');
  const clients = useClientSearch(search, true);

  return (
    <section className="dash-page" aria-labelledby="dash-clients-title">
      <h1 id="dash-clients-title">Clientes</h1>
      <TextField
        label="Buscar"
        className="dash-search"
        type="search"
        value={search}
        maxLength={100}
        placeholder="Nombre, correo o teléfono"
        onChange={setSearch}
      />
      {clients.loading ? (
        <Skeleton variant="paragraph" count={5} />
      ) : clients.data?.items.length === 0 ? (
        <p className="dash-empty">No hay clientes que coincidan.</p>
      ) : (
        <DataTable
          label="Tabla de clientes"
          columns={['Nombre', 'Correo', 'Teléfono', 'Citas', 'Última cita']}
        >
          {clients.data?.items.map((client) => (
            <tr key={client.id}>
              <th scope="row">{client.name}</th>
              <td>{client.email ?? '—'}</td>
              <td>{client.phone ?? '—'}</td>
              <td>{client.appointments}</td>
              <td>
                {client.lastAppointmentDate === null
                  ? '—'
                  : formatDate(client.lastAppointmentDate, 'short')}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
