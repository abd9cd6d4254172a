import { useState } from 'react';
import { api } from '../../api/client';
import { useResource } from '../../api/queries';
import type { DateRange } from '../../api/types';
import { formatDate } from '../../shell/format';
import { Skeleton } from '../../shell/Skeleton';
import { TextField } from '../../shell/TextField';
import { useToast } from '../../shell/toast';
import { SettingsForm } from './SettingsForm';

interface DateRangesProps {
  /** Whose time off (`/api/staff/{id}/time-off`); without it, the salon's closures (`/api/closures`). */
  staffId?: string;
  title: string;
  /** What one range is called in the list and the toasts ("Cierre", "Ausencia"). */
  noun: string;
  reasonHint: string;
  canEdit: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The reason a new range cannot be sent, or null. */
export function rangeProblem(from: string, to: string, reason: string): string | null {
  if (!DATE.test(from)) return 'Elige el primer día.';
  if (!DATE.test(to)) return 'Elige el último día.';
  if (to < from) return 'El último día no puede ser antes del primero.';
  if (reason.trim() === '') return 'Escribe el motivo.';
  if (reason.trim().length > 80) return 'El motivo admite hasta 80 caracteres.';
  return null;
}

/**
 * Date ranges with a reason (the salon's closures and holidays, a stylist's time off): the list,
 * oldest first, each with "Borrar", and a form to add one.
 */
/** The salon's closures, or a stylist's time off: the same list under two paths. */
function useRangeList(staffId: string | undefined) {
  const closures = useResource(staffId === undefined ? '/api/closures' : null);
  const timeOff = useResource(staffId === undefined ? null : '/api/staff/{id}/time-off', {
    params: { id: staffId ?? '' },
  });
  return {
    ...(staffId === undefined ? closures : timeOff),
    add: async (range: Omit<DateRange, 'id'>) =>
      staffId === undefined
        ? api.post('/api/closures', { body: range })
        : api.post('/api/staff/{id}/time-off', { params: { id: staffId }, body: range }),
    remove: async (id: string) =>
      staffId === undefined
        ? api.delete('/api/closures/{id}', { params: { id } })
        : api.delete('/api/staff/{id}/time-off/{offId}', { params: { id: staffId, offId: id } }),
  };
}

export function DateRanges({ staffId, title, noun, reasonHint, canEdit }: DateRangesProps) {
  const { toast, error: showError } = useToast();
  const ranges = useRangeList(staffId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');

  async function remove(range: DateRange) {
    try {
      await ranges.remove(range.id);
      ranges.update(({ items }) => ({ items: items.filter((each) => each.id !== range.id) }));
      toast({ title: `${noun} borrado` });
    } catch (cause) {
      showError(cause, `No se pudo borrar`);
    }
  }

  return (
    <div className="settings-block">
      <h2>{title}</h2>
      {ranges.loading ? (
        <Skeleton variant="paragraph" />
      ) : (ranges.data?.items.length ?? 0) === 0 ? (
        <p className="dash-empty">No hay ninguno.</p>
      ) : (
        <ul className="settings-list">
          {ranges.data?.items.map((range) => (
            <li key={range.id}>
              <span>
                {range.from === range.to
                  ? formatDate(range.from)
                  : `Del ${formatDate(range.from)} al ${formatDate(range.to)}`}
                {range.reason && <strong> · {range.reason}</strong>}
              </span>
              {canEdit && (
                <button
                  type="button"
                  className="button button-danger-quiet"
                  onClick={() => void remove(range)}
                >
                  Borrar<span className="visually-hidden"> {range.reason || range.from}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <SettingsForm
          title={`Añadir: ${noun.toLowerCase()}`}
          submitLabel="Añadir"
          onSave={async () => {
            const problem = rangeProblem(from, to || from, reason);
            if (problem) return problem;
            const { item } = await ranges.add({ from, to: to || from, reason: reason.trim() });
            ranges.update(({ items }) => ({ items: [...items, item] }));
            setFrom('');
            setTo('');
            setReason('');
          }}
        >
          <div className="dash-grid">
            <TextField label="Desde" type="date" value={from} onChange={setFrom} />
            <TextField
              label="Hasta (incluido)"
              hint="Vacío: un solo día."
              type="date"
              value={to}
              onChange={setTo}
            />
            <TextField label="Motivo" hint={reasonHint} value={reason} onChange={setReason} />
          </div>
        </SettingsForm>
      )}
    </div>
  );
}
