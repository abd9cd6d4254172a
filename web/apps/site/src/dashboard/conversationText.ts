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

/** Who a conversation is with, in the inbox: a name when there is one. */
export function inboxName(conversation: Conversation): string {
  if (conversation.visitor.kind === 'account') return visitorLabel(conversation.visitor);
  return conversation.visitorName ? `${conversation.visitorName} (invitado)` : 'Invitado';
}

/**
 * A staff member's message without the "**Nombre:** " the visitor's widget shows first: the
 * dashboard names its author beside it.
 */
export function withoutSignature(text: string): string {
  return text.replace(/^\*\*[^*\n]{1,60}:\*\* /, '');
}
