import { useState } from 'react';
import { api } from '../../api/client';
import type { Business, MailSettings } from '../../api/types';
import { looksLikeEmail } from '../../shell/email';
import { Field } from '../../shell/Field';
import { TextField } from '../../shell/TextField';
import { SettingsForm } from './SettingsForm';

/** The server's limits on the salon's mail settings (issue 13). */
export const REMINDER_HOURS_MAX = 168;
export const STAFF_ALERT_EMAILS_MAX = 5;
const DEFAULT_MAIL: MailSettings = { reminderHours: 24, staffAlertEmails: [] };

/**
 * The mail settings as sent, or the Spanish reason they cannot be. The addresses are typed one a
 * line (commas and semicolons also part them); blank lines are nothing.
 */
export function mailBody(hours: string, addresses: string): MailSettings | string {
  if (!/^\d+$/.test(hours.trim())) return 'El recordatorio es un número de horas.';
  const reminderHours = Number(hours);
  if (reminderHours < 1 || reminderHours > REMINDER_HOURS_MAX) {
    return `El recordatorio va de 1 a ${String(REMINDER_HOURS_MAX)} horas antes de la cita.`;
  }
  const staffAlertEmails = addresses
    .split(/[\n,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  if (staffAlertEmails.length > STAFF_ALERT_EMAILS_MAX) {
    return `Como mucho ${String(STAFF_ALERT_EMAILS_MAX)} direcciones para los avisos al equipo.`;
  }
  const seen = new Set<string>();
  for (const address of staffAlertEmails) {
    if (!looksLikeEmail(address)) return `«${address}» no parece un correo (nombre@dominio.es).`;
    if (seen.has(address.toLowerCase())) return `«${address}» está repetida.`;
    seen.add(address.toLowerCase());
  }
  return { reminderHours, staffAlertEmails };
}

/**
 * "Correos" in the booking rules: how long before a cita its reminder goes, and which addresses
 * hear of a new chat booking or a visitor waiting for a person. Effective from the next message.
 */
export function MailForm({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (b: Business) => void;
}) {
  const settings = business.mail ?? DEFAULT_MAIL;
  const [hours, setHours] = useState(String(settings.reminderHours));
  const [addresses, setAddresses] = useState(settings.staffAlertEmails.join('\n'));
  return (
    <SettingsForm
      title="Correos"
      onSave={async () => {
        const mail = mailBody(hours, addresses);
        if (typeof mail === 'string') return mail;
        const { item } = await api.patch('/api/business', { body: { mail } });
        onSaved(item);
      }}
    >
      <div className="dash-grid">
        <TextField
          label="Recordatorio (horas antes de la cita)"
          hint={`Cuánto antes se envía el recordatorio al cliente (de 1 a ${String(REMINDER_HOURS_MAX)}). Una cita reservada con menos antelación no recibe un recordatorio aparte.`}
          inputMode="numeric"
          value={hours}
          onChange={setHours}
        />
        <Field
          label="Avisos al equipo"
          hint={`Hasta ${String(STAFF_ALERT_EMAILS_MAX)} correos, uno por línea: reciben cada reserva nueva del chat y cada visitante que pide una persona. Vacío: nadie.`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={addresses}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setAddresses(event.target.value);
              }}
            />
          )}
        </Field>
      </div>
    </SettingsForm>
  );
}
