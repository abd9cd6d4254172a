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

/**
 * The name of the staff member who wrote a bot message during a take-over. The server sends
 * `by` as `{ id, name }`, like `takenOverBy`, while the shared type still says a bare name, so
 * both shapes are read until they agree.
 */
export function staffAuthorName(by: unknown): string | undefined {
  if (typeof by === 'string') return by;
  if (typeof by === 'object' && by !== null && 'name' in by && typeof by.name === 'string') {
    return by.name;
  }
  return undefined;
}
