import { useState } from 'react';
import { formatPhone } from '../shell/contact';
import { formatDate } from '../shell/format';
import { Link } from '../shell/router';
import { Skeleton } from '../shell/Skeleton';
import { TextField } from '../shell/TextField';
import { clientPath } from './ClientPage';
import { DashboardSection } from './DashboardSection';
import { DataTable } from './DataTable';
import { useClientSearch } from './useClientSearch';

/**
 * Clientes (D3): every client, searched by name, email or phone as the person types; a name
 * opens the client's page.
 */
export function Clients() {
  const [search, setSearch] = useState('');
  const clients = useClientSearch(search, true);

  return (
    <DashboardSection title="Clientes">
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
              <th scope="row">
                <Link to={clientPath(client.id)}>{client.name}</Link>
              </th>
              <td>{client.email ?? '—'}</td>
              <td>{client.phone ? formatPhone(client.phone) : '—'}</td>
              <td>{client.appointments}</td>
              <td>
                {client.lastAppointmentDate ? formatDate(client.lastAppointmentDate, 'short') : '—'}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </DashboardSection>
  );
}
