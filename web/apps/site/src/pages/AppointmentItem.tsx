/**
 * One of a cliente's citas: when, what, with whom and its status; a coming cita that is still
 * pendiente or confirmada can be cancelled, after a confirmation.
 */
import { useState } from 'react';
import { apiFetch } from '../api/http';
import type { Appointment, ItemResponse } from '../api/types';
import { isCancellable } from '../appointments/status';
import { StatusBadge } from '../appointments/StatusBadge';
import { formatDate, formatTime } from '../shell/format';
import { useToast } from '../shell/toast';

interface AppointmentItemProps {
  appointment: Appointment;
  /** Given for coming citas: called with the cita once cancelled. */
  onChanged?: (changed: Appointment) => void;
}

export function AppointmentItem({ appointment, onChanged }: AppointmentItemProps) {
  const { toast, error } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const cancellable = onChanged !== undefined && isCancellable(appointment.status);
  const when = `${formatDate(appointment.date)}, ${formatTime(appointment.startMin)}`;

  async function cancel() {
    if (!onChanged) return;
    setSending(true);
    try {
      const { item } = await apiFetch<ItemResponse<Appointment>>(
        `/api/appointments/${encodeURIComponent(appointment.id)}`,
        { method: 'PATCH', body: { status: 'cancelada' } },
      );
      onChanged(item);
      toast({ title: 'Cita cancelada', description: when });
    } catch (cause) {
      error(cause, 'No se pudo cancelar la cita');
    } finally {
      setSending(false);
      setConfirming(false);
    }
  }

  return (
    <li className="card appointment">
      <h3 className="appointment-when">
        {formatDate(appointment.date)}, {formatTime(appointment.startMin)}–
        {formatTime(appointment.endMin)}
      </h3>
      <p>{appointment.services.map((service) => service.name).join(', ')}</p>
      <p className="muted">Con {appointment.staffName}</p>
      <p>
        <StatusBadge status={appointment.status} />
      </p>
      {cancellable &&
        (confirming ? (
          <div className="confirm" role="group" aria-label="Confirmar la cancelación">
            <p>¿Seguro que quieres cancelar esta cita?</p>
            <div className="actions">
              <button
                type="button"
                className="button button-danger"
                disabled={sending}
                onClick={() => void cancel()}
              >
                Sí, cancelar la cita
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={sending}
                onClick={() => {
                  setConfirming(false);
                }}
              >
                No, mantenerla
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setConfirming(true);
            }}
          >
            Cancelar cita
          </button>
        ))}
    </li>
  );
}
