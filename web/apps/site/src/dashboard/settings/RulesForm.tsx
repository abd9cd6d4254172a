import { useState } from 'react';
import { api } from '../../api/client';
import type { BookingRules, Business } from '../../api/types';
import { Field } from '../../shell/Field';
import { TextField } from '../../shell/TextField';
import { SettingsForm } from './SettingsForm';

/** The rules as sent, or the Spanish reason they cannot be. */
export function rulesBody(
  notice: string,
  horizon: string,
  status: BookingRules['chatBookingStatus'],
  hold: string,
): Required<BookingRules> | string {
  if (!/^\d+$/.test(notice.trim())) return 'La antelación mínima es un número de minutos.';
  const minNoticeMin = Number(notice);
  if (minNoticeMin > 7 * 24 * 60)
    return 'La antelación mínima no puede pasar de 7 días (10080 minutos).';
  if (!/^\d+$/.test(horizon.trim())) return 'El plazo es un número de días.';
  const horizonDays = Number(horizon);
  if (horizonDays < 1 || horizonDays > 365) return 'El plazo va de 1 a 365 días.';
  if (!/^\d+$/.test(hold.trim())) return 'La reserva provisional es un número de minutos.';
  const holdMinutes = Number(hold);
  if (holdMinutes < 1 || holdMinutes > 60) return 'La reserva provisional va de 1 a 60 minutos.';
  return { minNoticeMin, horizonDays, chatBookingStatus: status, holdMinutes };
}

/**
 * "Reglas de reserva": minimum notice, how far ahead, how chat bookings start, and how long a
 * time picked in the chat stays held while the visitor gives their details.
 */
export function RulesForm({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (b: Business) => void;
}) {
  const rules = business.bookingRules;
  const [notice, setNotice] = useState(String(rules.minNoticeMin));
  const [horizon, setHorizon] = useState(String(rules.horizonDays));
  const [status, setStatus] = useState(rules.chatBookingStatus);
  const [hold, setHold] = useState(String(rules.holdMinutes));
  return (
    <SettingsForm
      title="Reglas de reserva"
      onSave={async () => {
        const bookingRules = rulesBody(notice, horizon, status, hold);
        if (typeof bookingRules === 'string') return bookingRules;
        const { item } = await api.patch('/api/business', { body: { bookingRules } });
        onSaved(item);
      }}
    >
      <div className="dash-grid">
        <TextField
          label="Antelación mínima (minutos)"
          hint="Clientes y asistente no pueden reservar con menos. El equipo sí."
          inputMode="numeric"
          value={notice}
          onChange={setNotice}
        />
        <TextField
          label="Reservar hasta (días)"
          hint="Cuántos días por delante se puede reservar."
          inputMode="numeric"
          value={horizon}
          onChange={setHorizon}
        />
        <Field label="Las reservas del chat empiezan">
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value === 'confirmada' ? 'confirmada' : 'pendiente');
              }}
            >
              <option value="pendiente">Pendientes (el equipo las confirma)</option>
              <option value="confirmada">Confirmadas</option>
            </select>
          )}
        </Field>
        <TextField
          label="Reserva provisional en el chat (minutos)"
          hint="Cuánto se guarda la hora que alguien elige en el chat mientras da sus datos (de 1 a 60)."
          inputMode="numeric"
          value={hold}
          onChange={setHold}
        />
      </div>
    </SettingsForm>
  );
}
