/** What the role of the signed-in person means for the site's pages. */
import type { Profile } from '../api/types';

/** Staff work in the dashboard; clientes book and see their own citas. */
export function isStaff(role: string): boolean {
  return role === 'usuario' || role === 'administrador';
}

/** Where a person goes after signing in: staff to the dashboard, clientes to their citas. */
export function homePathOf(user: Profile): string {
  return isStaff(user.role) ? '/dashboard' : '/mis-citas';
}
