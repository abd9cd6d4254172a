/**
 * A cita's status as people read it, and the changes the server's status rules allow: one
 * source for the dashboard's agenda and a cliente's own citas.
 */
import type { AppointmentStatus } from '../api/types';

export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  cancelada: 'Cancelada',
  completada: 'Completada',
};

/** Every status, in the order a cita goes through them. */
export const APPOINTMENT_STATUSES = Object.keys(STATUS_LABELS) as AppointmentStatus[];

/** A change staff may ask for, as the server's status rules allow it. */
export interface StatusAction {
  to: AppointmentStatus;
  label: string;
  /** What the toast says once done. */
  done: string;
}

const CONFIRM: StatusAction = { to: 'confirmada', label: 'Confirmar', done: 'Cita confirmada' };
const CANCEL: StatusAction = { to: 'cancelada', label: 'Cancelar', done: 'Cita cancelada' };
const COMPLETE: StatusAction = { to: 'completada', label: 'Completar', done: 'Cita completada' };

/** pendiente → confirmada | cancelada; confirmada → completada | cancelada; the rest are final. */
export function allowedActions(status: AppointmentStatus): StatusAction[] {
  switch (status) {
    case 'pendiente':
      return [CONFIRM, CANCEL];
    case 'confirmada':
      return [COMPLETE, CANCEL];
    case 'cancelada':
    case 'completada':
      return [];
  }
}

/** Whether a cita in this status may still be cancelled, by staff or by its cliente. */
export function isCancellable(status: AppointmentStatus): boolean {
  return allowedActions(status).some((action) => action.to === 'cancelada');
}
