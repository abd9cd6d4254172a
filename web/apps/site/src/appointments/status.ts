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
  no_presentado: 'No presentado',
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
const NO_SHOW: StatusAction = {
  to: 'no_presentado',
  label: 'No se presentó',
  done: 'Marcada como no presentado',
};
const UNDO_NO_SHOW: StatusAction = {
  to: 'confirmada',
  label: 'Deshacer «no presentado»',
  done: 'Cita confirmada de nuevo',
};

/**
 * pendiente → confirmada | cancelada; confirmada → completada | cancelada; either of them →
 * no_presentado once the cita has `started` (the server refuses it before); no_presentado →
 * confirmada (staff undo it); cancelada and completada are final.
 */
export function allowedActions(status: string, started = false): StatusAction[] {
  const noShow = started ? [NO_SHOW] : [];
  switch (status) {
    case 'pendiente':
      return [CONFIRM, ...noShow, CANCEL];
    case 'confirmada':
      return [COMPLETE, ...noShow, CANCEL];
    case 'no_presentado':
      return [UNDO_NO_SHOW];
    default:
      // cancelada and completada (and a status this page does not know).
      return [];
  }
}

/** Whether a cita starting at `startAt` (an RFC 3339 instant) has started by `now` (ms). */
export function hasStarted(startAt: string, now: number = Date.now()): boolean {
  return Date.parse(startAt) <= now;
}

/** Whether a cita in this status may still be cancelled, by staff or by its cliente. */
export function isCancellable(status: string): boolean {
  return allowedActions(status).some((action) => action.to === 'cancelada');
}

/** Whether a cita in this status still holds its time (and so can still be moved). */
export function holdsTime(status: string): boolean {
  return status === 'pendiente' || status === 'confirmada';
}

/**
 * What a client is told of a cita still ahead, in the same words wherever they see it (the
 * manage link's page, the landing's booking form): the salon will confirm it, or it has.
 */
export const CLIENT_STATE_AHEAD: Record<'pendiente' | 'confirmada', string> = {
  pendiente: 'Tu hora queda guardada: el salón te confirmará la cita en cuanto la revise.',
  confirmada: 'Tu cita está confirmada.',
};
