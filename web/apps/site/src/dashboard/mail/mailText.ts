/**
 * The outbox's words (issue 13): what each kind of message is and where it stands, in Spanish,
 * and the day of the cita a message is about, read from its calendar file.
 */
import type { MailKind, MailMessage, MailStatus } from '../../api/types';
import { todayIn } from '../../shell/format';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  booked: 'Reserva',
  confirmed: 'Confirmación',
  moved: 'Cambio',
  cancelled: 'Cancelación',
  reminder: 'Recordatorio',
  staff_new_booking: 'Aviso al equipo: nueva reserva',
  staff_waiting: 'Aviso al equipo: visitante esperando',
  review_request: 'Petición de opinión',
};

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
  unsent: 'Sin enviar',
  suppressed: 'Retenido',
};

/** Every status, in the order the filter offers them. */
export const MAIL_STATUSES = Object.keys(MAIL_STATUS_LABELS) as MailStatus[];

/**
 * The instant that says most about a message: when it went (sent), when it is due (pending),
 * else when it was written.
 */
export function mailMoment(mail: MailMessage): { label: string; at: string } {
  if (mail.status === 'sent' && mail.sentAt) return { label: 'Enviado', at: mail.sentAt };
  if (mail.status === 'pending') return { label: 'Sale', at: mail.sendAfter };
  return { label: 'Escrito', at: mail.createdAt };
}

/**
 * The salon's day (`YYYY-MM-DD`) of the cita in a message's `.ics`, from its `DTSTART` (UTC, as
 * the server writes it, or a local time with `TZID`), or null when there is none. The outbox
 * names the cita only by id; its day is what opens it in the diary.
 */
export function citaDayOf(ics: string, timeZone: string): string | null {
  const match = /^DTSTART(;[^:\r\n]*)?:(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?/m.exec(
    ics,
  );
  if (!match) return null;
  const [, , year, month, day, hour, minute, second, utc] = match;
  // A floating or zoned time is already the salon's wall clock: its date is the day.
  if (utc === undefined || hour === undefined) return `${year}-${month}-${day}`;
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(instant.getTime()) ? null : todayIn(timeZone, instant);
}
