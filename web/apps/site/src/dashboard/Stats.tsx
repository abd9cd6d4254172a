import { useState } from 'react';
import type { StatsDay } from '../api/types';
import { useResource } from '../api/queries';
import { addDays, formatDate, todayIn } from '../shell/format';
import { Skeleton } from '../shell/Skeleton';
import { BarChart } from './BarChart';
import { DashboardSection } from './DashboardSection';
import { ToggleGroup } from './ToggleGroup';

const RANGES = [7, 30] as const;
type RangeDays = (typeof RANGES)[number];

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });

function sum(days: StatsDay[], pick: (day: StatsDay) => number): number {
  return days.reduce((total, day) => total + pick(day), 0);
}

/** "X de Y chats terminaron en reserva (Z %)". */
export function conversionText(booked: number, conversations: number): string {
  const chats = conversations === 1 ? 'chat terminó' : 'chats terminaron';
  const rate = conversations === 0 ? '' : ` (${percent.format(booked / conversations)})`;
  return `${booked} de ${conversations} ${chats} en reserva${rate}`;
}

/** Estadísticas (D5): citas created per day and chats per day, with the ones that booked. */
export function Stats({ timeZone }: { timeZone: string }) {
  const [rangeDays, setRangeDays] = useState<RangeDays>(7);
  const to = todayIn(timeZone);
  const from = addDays(to, -(rangeDays - 1));
  const stats = useResource('/api/stats', { query: { from, to } });
  const days = stats.data?.items ?? [];
  const dates = days.map((day) => day.date);

  return (
    <DashboardSection title="Estadísticas">
      <ToggleGroup
        label="Periodo"
        options={RANGES.map((days) => ({ value: days, label: `Últimos ${days} días` }))}
        value={rangeDays}
        onChange={setRangeDays}
      />

      {stats.loading ? (
        <Skeleton variant="block" count={2} height="14rem" />
      ) : (
        <>
          <dl className="dash-totals">
            <div>
              <dt>Citas creadas</dt>
              <dd>{sum(days, (day) => day.appointments)}</dd>
            </div>
            <div>
              <dt>Conversaciones</dt>
              <dd>{sum(days, (day) => day.conversations)}</dd>
            </div>
          </dl>
          <p className="dash-conversion">
            {conversionText(
              sum(days, (day) => day.conversationsBooked),
              sum(days, (day) => day.conversations),
            )}
          </p>

          <h2>Citas por día</h2>
          <BarChart
            title={`Citas creadas por día, del ${formatDate(from, 'short')} al ${formatDate(to, 'short')}`}
            dates={dates}
            series={[
              {
                label: 'Citas',
                className: 'dash-series-main',
                values: days.map((d) => d.appointments),
              },
            ]}
          />
          <h2>Conversaciones por día</h2>
          <BarChart
            title={`Conversaciones por día y las que terminaron en reserva, del ${formatDate(from, 'short')} al ${formatDate(to, 'short')}`}
            dates={dates}
            series={[
              {
                label: 'Con reserva',
                className: 'dash-series-main',
                values: days.map((d) => d.conversationsBooked),
              },
              {
                label: 'Sin reserva',
                className: 'dash-series-other',
                values: days.map((d) => d.conversations - d.conversationsBooked),
              },
            ]}
          />

          <details className="dash-details">
            <summary>Ver los datos en una tabla</summary>
            <div className="dash-table-wrap" role="region" aria-label="Datos por día" tabIndex={0}>
              <table className="dash-table">
                <caption>Citas y conversaciones por día</caption>
                <thead>
                  <tr>
                    <th scope="col">Día</th>
                    <th scope="col">Citas creadas</th>
                    <th scope="col">Conversaciones</th>
                    <th scope="col">Con reserva</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{formatDate(day.date, 'short')}</th>
                      <td>{day.appointments}</td>
                      <td>{day.conversations}</td>
                      <td>{day.conversationsBooked}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </DashboardSection>
  );
}
