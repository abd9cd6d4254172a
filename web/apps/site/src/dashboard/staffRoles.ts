import type { StaffRole } from '../api/types';

/** The staff's roles as the dashboard names them: in Equipo, for a new member, for an API key. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  usuario: 'Usuario',
  administrador: 'Administrador',
};
