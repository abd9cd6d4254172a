import { WEEKDAYS, newPeriod, type PeriodDraft } from './periods';

interface PeriodsEditorProps {
  /** Names the group ("Horario del salón", "Horario de Lucía"). */
  label: string;
  value: PeriodDraft[];
  onChange: (periods: PeriodDraft[]) => void;
}

/** A week of periods: each day lists its periods, several a day, with add and remove. */
export function PeriodsEditor({ label, value, onChange }: PeriodsEditorProps) {
  function edit(key: number, change: Partial<PeriodDraft>) {
    onChange(value.map((each) => (each.key === key ? { ...each, ...change } : each)));
  }
  return (
    <fieldset className="dash-fieldset settings-week">
      <legend>{label}</legend>
      {WEEKDAYS.map((dayName, index) => {
        const weekday = index + 1;
        const ofDay = value.filter((each) => each.weekday === weekday);
        return (
          <div key={weekday} className="settings-day" role="group" aria-label={dayName}>
            <span className="settings-day-name" aria-hidden="true">
              {dayName}
            </span>
            <div className="settings-periods">
              {ofDay.length === 0 && <span className="muted">Cerrado</span>}
              {ofDay.map((period, position) => (
                <span key={period.key} className="settings-period">
                  <input
                    type="time"
                    aria-label={`${dayName}, tramo ${String(position + 1)}: abre`}
                    value={period.open}
                    onChange={(event) => {
                      edit(period.key, { open: event.target.value });
                    }}
                  />
                  <span aria-hidden="true">–</span>
                  <input
                    type="time"
                    aria-label={`${dayName}, tramo ${String(position + 1)}: cierra`}
                    value={period.close}
                    onChange={(event) => {
                      edit(period.key, { close: event.target.value });
                    }}
                  />
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    onClick={() => {
                      onChange(value.filter((each) => each.key !== period.key));
                    }}
                  >
                    Quitar
                    <span className="visually-hidden">
                      {' '}
                      el tramo {position + 1} del {dayName.toLowerCase()}
                    </span>
                  </button>
                </span>
              ))}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  const last = ofDay.at(-1);
                  onChange([
                    ...value,
                    last ? newPeriod(weekday, last.close, '20:00') : newPeriod(weekday),
                  ]);
                }}
              >
                Añadir tramo<span className="visually-hidden"> el {dayName.toLowerCase()}</span>
              </button>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
