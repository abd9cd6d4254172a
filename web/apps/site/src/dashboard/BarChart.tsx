import { useId } from 'react';
import { formatDate } from '../shell/format';

/** One part of a day's bar; parts stack from the bottom in the order given. */
export interface BarSeries {
  label: string;
  /** `dash-series-*` class giving the part its colour. */
  className: string;
  values: number[];
}

interface BarChartProps {
  title: string;
  dates: string[];
  series: BarSeries[];
}

const WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 36, right: 8, top: 12, bottom: 28 };

/** "23/11" under a bar. */
function shortDay(date: string): string {
  return formatDate(date, 'short').slice(0, 5);
}

/**
 * A bar per day drawn as inline SVG, with stacked parts, a y axis up to the tallest day and the
 * days along the x axis (thinned out when they would collide). The picture is named by its
 * title; the numbers are read from the table the page shows next to it.
 */
export function BarChart({ title, dates, series }: BarChartProps) {
  const titleId = useId();
  const totals = dates.map((_, day) =>
    series.reduce((sum, each) => sum + (each.values[day] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, dates.length);
  const barWidth = slot * 0.7;
  const labelEvery = Math.ceil(dates.length / 10);
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight;

  return (
    <figure className="dash-chart">
      {/* On a phone the chart keeps a readable size and scrolls sideways in its own region. */}
      <div className="dash-chart-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
          <title id={titleId}>{title}</title>
          <line className="dash-axis" x1={PLOT.left} y1={y(0)} x2={WIDTH - PLOT.right} y2={y(0)} />
          <line className="dash-axis" x1={PLOT.left} y1={PLOT.top} x2={PLOT.left} y2={y(0)} />
          {[0, max].map((tick) => (
            <text
              key={tick}
              className="dash-axis-label"
              x={PLOT.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {tick}
            </text>
          ))}
          {dates.map((date, day) => {
            const x = PLOT.left + slot * day + (slot - barWidth) / 2;
            let base = 0;
            return (
              <g key={date} className="dash-bar">
                {series.map((each) => {
                  const value = each.values[day] ?? 0;
                  const top = base + value;
                  const rect = (
                    <rect
                      key={each.label}
                      className={each.className}
                      x={x}
                      y={y(top)}
                      width={barWidth}
                      height={y(base) - y(top)}
                    />
                  );
                  base = top;
                  return rect;
                })}
                {day % labelEvery === 0 && (
                  <text
                    className="dash-axis-label"
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                  >
                    {shortDay(date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {series.length > 1 && (
        <figcaption className="dash-legend">
          {series.map((each) => (
            <span key={each.label}>
              <span className={`dash-swatch ${each.className}`} aria-hidden="true" /> {each.label}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
