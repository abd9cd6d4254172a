/**
 * The chat widget keeps its conversation's id in this browser (`@n8n/chat`'s default namespace,
 * which the site's widget uses). Signing out forgets it, so the next visitor of this browser
 * starts a conversation of their own and never reaches the account's.
 */
export const STORED_CONVERSATION = 'n8n-chat/sessionId';

/** Drops the stored conversation id; the next widget starts anew. */
export function forgetConversation(): void {
  try {
    window.localStorage.removeItem(STORED_CONVERSATION);
  } catch {
    // No storage: nothing was kept.
  }
}
