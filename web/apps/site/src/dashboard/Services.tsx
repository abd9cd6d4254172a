import { useState } from 'react';
import { api } from '../api/client';
import type { Service } from '../api/types';
import { useServices } from '../api/queries';
import { formatPrice } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { useToast } from '../shell/toast';
import { DashboardSection } from './DashboardSection';
import { DataTable } from './DataTable';
import { FormToggle } from './FormToggle';
import { ServiceForm } from './ServiceForm';

/** What the form is doing: nothing, creating, or editing one service. */
type Editing = null | 'new' | Service;

/** Servicios (D3): the whole menu; an administrador creates, edits and switches services. */
export function Services({ isAdmin }: { isAdmin: boolean }) {
  const { toast, error: showError } = useToast();
  const services = useServices();
  const [editing, setEditing] = useState<Editing>(null);

  function replace(saved: Service) {
    services.update(({ items }) => ({
      items: items.some((each) => each.id === saved.id)
        ? items.map((each) => (each.id === saved.id ? saved : each))
        : [...items, saved],
    }));
  }

  async function toggleActive(service: Service) {
    try {
      const { item } = await api.patch('/api/services/{id}', {
        params: { id: service.id },
        body: { active: !service.active },
      });
      replace(item);
      toast({
        title: item.active ? 'Servicio activado' : 'Servicio desactivado',
        description: item.name,
      });
    } catch (cause) {
      showError(cause, 'No se pudo cambiar el servicio');
    }
  }

  return (
    <DashboardSection
      title="Servicios"
      action={
        isAdmin && (
          <FormToggle
            label="Nuevo servicio"
            open={editing === 'new'}
            onToggle={() => {
              setEditing((current) => (current === 'new' ? null : 'new'));
            }}
          />
        )
      }
    >
      {!isAdmin && <p className="muted">Solo un administrador puede cambiar los servicios.</p>}

      {isAdmin && editing !== null && (
        <ServiceForm
          // A fresh form for each service edited.
          key={editing === 'new' ? 'new' : editing.id}
          service={editing === 'new' ? undefined : editing}
          onSaved={(saved) => {
            replace(saved);
            setEditing(null);
          }}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}

      {services.loading ? (
        <Skeleton variant="paragraph" count={5} />
      ) : (
        <DataTable
          label="Tabla de servicios"
          columns={[
            'Nombre',
            'Descripción',
            'Duración',
            'Precio',
            'Activo',
            ...(isAdmin ? ['Acciones'] : []),
          ]}
        >
          {services.data?.items.map((service) => (
            <tr key={service.id}>
              <th scope="row">{service.name}</th>
              <td>{service.description || '—'}</td>
              <td>{service.durationMin} min</td>
              <td>{formatPrice(service.priceCents)}</td>
              <td>{service.active ? 'Sí' : 'No'}</td>
              {isAdmin && (
                <td>
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      // The visible word first, then which service (WCAG label in name).
                      aria-label={`Editar ${service.name}`}
                      onClick={() => {
                        setEditing(service);
                      }}
                    >
                      Editar
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`${service.active ? 'Desactivar' : 'Activar'} ${service.name}`}
                      onClick={() => void toggleActive(service)}
                    >
                      {service.active ? 'Desactivar' : 'Activar'}
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </DashboardSection>
  );
}
