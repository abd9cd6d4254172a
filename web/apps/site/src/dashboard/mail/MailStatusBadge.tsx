import { labelOf } from '../../shell/format';
import { MAIL_STATUS_LABELS } from './mailText';

/** A message's status in Spanish; the colour is an extra cue, the word carries the meaning. */
export function MailStatusBadge({ status }: { status: string }) {
  return (
    <span className="badge" data-mail-status={status}>
      {labelOf(MAIL_STATUS_LABELS, status)}
    </span>
  );
}
