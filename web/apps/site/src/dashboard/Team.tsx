import { useState } from 'react';
import { api } from '../api/client';
import type { Role, StaffMember } from '../api/types';
import { useStaff } from '../api/queries';
import { Skeleton } from '../shell/Skeleton';
import { formatPhone } from '../shell/contact';
import { useToast } from '../shell/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { DashboardSection } from './DashboardSection';
import { DataTable } from './DataTable';
import { FormToggle } from './FormToggle';
import { StaffForm } from './StaffForm';
import { STAFF_ROLE_LABELS } from './staffRoles';

const ROLE_LABELS: Record<Role, string> = {
  ...STAFF_ROLE_LABELS,
  cliente: 'Quitar del equipo',
};

function fullName(member: StaffMember): string {
  return `${member.firstName} ${member.lastName}`;
}

/** Equipo (D3): the staff; an administrador adds members and changes or removes their role. */
export function Team({ isAdmin }: { isAdmin: boolean }) {
  const { toast, error: showError } = useToast();
  const staff = useStaff();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  async function changeRole(member: StaffMember, role: Role) {
    try {
      const { item } = await api.patch('/api/staff/{id}', {
        params: { id: member.id },
        body: { role },
      });
      staff.update(({ items }) => ({
        // Someone made a cliente is no longer staff.
        items:
          item.role === 'cliente'
            ? items.filter((each) => each.id !== item.id)
            : items.map((each) => (each.id === item.id ? item : each)),
      }));
      toast({
        title: item.role === 'cliente' ? 'Quitado del equipo' : 'Rol cambiado',
        description: fullName(item),
      });
    } catch (cause) {
      showError(cause, 'No se pudo cambiar el rol');
    }
  }

  return (
    <DashboardSection
      title="Equipo"
      action={
        isAdmin && (
          <FormToggle
            label="Añadir miembro"
            open={adding}
            onToggle={() => {
              setAdding((open) => !open);
            }}
          />
        )
      }
    >
      {isAdmin && adding && (
        <StaffForm
          onAdded={(member) => {
            staff.update(({ items }) => ({ items: [...items, member] }));
            setAdding(false);
          }}
          onClose={() => {
            setAdding(false);
          }}
        />
      )}

      {staff.loading ? (
        <Skeleton variant="paragraph" count={4} />
      ) : (
        <DataTable label="Tabla del equipo" columns={['Nombre', 'Correo', 'Teléfono', 'Rol']}>
          {staff.data?.items.map((member) => (
            <tr key={member.id}>
              <th scope="row">{fullName(member)}</th>
              <td>{member.email}</td>
              <td>{member.phone ? formatPhone(member.phone) : '—'}</td>
              <td>
                {isAdmin ? (
                  <select
                    aria-label={`Rol de ${fullName(member)}`}
                    value={member.role}
                    onChange={(event) => {
                      const role = event.target.value as Role;
                      if (role === 'cliente') setRemoving(member);
                      else void changeRole(member, role);
                    }}
                  >
                    {Object.entries(ROLE_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                ) : (
                  ROLE_LABELS[member.role]
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {removing && (
        <ConfirmDialog
          title="¿Quitar del equipo?"
          description={`${fullName(removing)} dejará de ver el panel; su cuenta seguirá como cliente.`}
          confirmLabel="Quitar del equipo"
          onCancel={() => {
            setRemoving(null);
          }}
          onConfirm={() => {
            setRemoving(null);
            void changeRole(removing, 'cliente');
          }}
        />
      )}
    </DashboardSection>
  );
}
