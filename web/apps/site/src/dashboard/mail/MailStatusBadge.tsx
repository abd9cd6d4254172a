import type { MailStatus } from '../../api/types';
import { MAIL_STATUS_LABELS } from './mailText';

/** A message's status in Spanish; the colour is an extra cue, the word carries the meaning. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className="badge" data-mail-status={status}>
      {MAIL_STATUS_LABELS[status]}
    </span>
  );
}
