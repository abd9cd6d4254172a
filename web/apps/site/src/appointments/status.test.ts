import { describe, expect, it } from 'vitest';
import { allowedActions, hasStarted, holdsTime, isCancellable, STATUS_LABELS } from './status';

const targets = (...args: Parameters<typeof allowedActions>) =>
  allowedActions(...args).map((action) => action.to);

describe('the status rules, as the server has them', () => {
  it('names the no-show in Spanish', () => {
    expect(STATUS_LABELS.no_presentado).toBe('No presentado');
  });

  it('offers a no-show only once the cita has started, and its undo', () => {
    expect(targets('pendiente')).toEqual(['confirmada', 'cancelada']);
    expect(targets('pendiente', true)).toEqual(['confirmada', 'no_presentado', 'cancelada']);
    expect(targets('confirmada')).toEqual(['completada', 'cancelada']);
    expect(targets('confirmada', true)).toEqual(['completada', 'no_presentado', 'cancelada']);
    expect(allowedActions('no_presentado')).toEqual([
      expect.objectContaining({ to: 'confirmada', label: 'Deshacer «no presentado»' }),
    ]);
    expect(targets('cancelada', true)).toEqual([]);
    expect(targets('completada', true)).toEqual([]);
  });

  it('knows which citas still hold their time and may be cancelled', () => {
    expect(isCancellable('no_presentado')).toBe(false);
    expect(holdsTime('no_presentado')).toBe(false);
    expect(holdsTime('confirmada')).toBe(true);
    const start = '2026-11-23T09:00:00Z';
    expect(hasStarted(start, Date.parse('2026-11-23T08:59:59Z'))).toBe(false);
    expect(hasStarted(start, Date.parse('2026-11-23T09:00:00Z'))).toBe(true);
  });
});
