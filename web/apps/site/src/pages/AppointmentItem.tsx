/**
 * One of a cliente's citas: when, what, with whom and its status. A coming cita that is still
 * pendiente or confirmada can be moved ("Cambiar"), cancelled after a confirmation, and added to
 * the person's calendar (an `.ics` download).
 */
import { useState } from 'react';
import { api } from '../api/client';
import type { Appointment } from '../api/types';
import { holdsTime, isCancellable } from '../appointments/status';
import { StatusBadge } from '../appointments/StatusBadge';
import { formatDate, formatTime } from '../shell/format';
import { useToast } from '../shell/toast';
import { CancelQuestion } from './CancelQuestion';
import { RescheduleForm } from './RescheduleForm';

interface AppointmentItemProps {
  appointment: Appointment;
  /** Given for coming citas: called with the cita once moved or cancelled. */
  onChanged?: (changed: Appointment) => void;
  /** The business's today, `YYYY-MM-DD` (the first day a move may go to). */
  today?: string;
}

/** Where a cita's calendar file is downloaded from. */
export function calendarPath(appointment: Appointment): string {
  return `/api/appointments/${encodeURIComponent(appointment.id)}/calendar.ics`;
}

export function AppointmentItem({ appointment, onChanged, today }: AppointmentItemProps) {
  const { toast, error } = useToast();
  const [mode, setMode] = useState<'idle' | 'confirming' | 'moving'>('idle');
  const [sending, setSending] = useState(false);
  const coming = onChanged !== undefined;
  const cancellable = coming && isCancellable(appointment.status);
  const movable = holdsTime(appointment.status);
  const when = `${formatDate(appointment.date)}, ${formatTime(appointment.startMin)}`;

  async function cancel() {
    if (!onChanged) return;
    setSending(true);
    try {
      const { item } = await api.patch('/api/appointments/{id}', {
        params: { id: appointment.id },
        body: { status: 'cancelada' },
      });
      onChanged(item);
      toast({ title: 'Cita cancelada', description: when });
    } catch (cause) {
      error(cause, 'No se pudo cancelar la cita');
    } finally {
      setSending(false);
      setMode('idle');
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
      {mode === 'moving' && onChanged && today !== undefined && (
        <RescheduleForm
          cita={appointment}
          today={today}
          freeTimes={{ appointmentId: appointment.id }}
          move={async (date, startMin) => {
            const { item } = await api.patch('/api/appointments/{id}', {
              params: { id: appointment.id },
              body: { date, startMin },
            });
            setMode('idle');
            onChanged(item);
            toast({
              title: 'Cita cambiada',
              description: `${formatDate(item.date)}, ${formatTime(item.startMin)}`,
            });
          }}
          onClose={() => {
            setMode('idle');
          }}
        />
      )}
      {mode === 'confirming' && cancellable && (
        <CancelQuestion
          sending={sending}
          onConfirm={() => void cancel()}
          onKeep={() => {
            setMode('idle');
          }}
        />
      )}
      {mode === 'idle' && coming && movable && (
        <div className="actions">
          {today !== undefined && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setMode('moving');
              }}
            >
              Cambiar <span className="visually-hidden">la cita del {when}</span>
            </button>
          )}
          <a className="button button-secondary" href={calendarPath(appointment)} download>
            Añadir al calendario <span className="visually-hidden">la cita del {when}</span>
          </a>
          {cancellable && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setMode('confirming');
              }}
            >
              Cancelar cita <span className="visually-hidden">del {when}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
