import type { Conversation } from '../api/types';

const ROLE_NAMES: Record<Conversation['visitor']['role'], string> = {
  guest: 'invitado',
  cliente: 'cliente',
  usuario: 'usuario',
  administrador: 'administrador',
};

/** "Invitado", or the account's name (or email) with its role: "Ana López (cliente)". */
export function visitorLabel(visitor: Conversation['visitor']): string {
  if (visitor.kind === 'guest') return 'Invitado';
  const who = visitor.name ?? visitor.email ?? 'Cuenta sin nombre';
  return `${who} (${ROLE_NAMES[visitor.role]})`;
}
