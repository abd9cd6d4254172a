/**
 * The diary's placement maths, apart from React: which columns a day or a week shows, which row
 * a cita (or a time held in the chat) starts on and how many rows it spans, the lanes of blocks
 * that overlap in one column, the closed stretches to shade, the time a click at some height
 * means, and where a dragged cita would land. Rows are the business's slot step; minutes are
 * after local midnight, as the API gives them.
 */
import type { Appointment, DateRange, Hold, OpeningPeriod } from '../../api/types';
import { addDays } from '../../shell/format';

/** A stylist shown as columns of the grid. */
export interface DiaryStaff {
  id: string;
  name: string;
}

/** One column of the grid: one stylist on one day. */
export interface DiaryColumn {
  key: string;
  date: string;
  staffId: string;
  staffName: string;
}

/** The minutes the grid covers, `[startMin, endMin)`, and its row height in minutes. */
export interface GridFrame {
  startMin: number;
  endMin: number;
  step: number;
}

/** A stretch of a column, as rows: `row` is 0-based from the grid's top, `span` ≥ 1. */
export interface RowSpan {
  row: number;
  span: number;
}

/** Where a block sits across its column when blocks overlap. */
export interface Lane {
  /** Which of `lanes` side-by-side positions the block takes (0-based). */
  lane: number;
  lanes: number;
}

export interface PlacedAppointment extends RowSpan, Lane {
  appointment: Appointment;
  column: DiaryColumn;
}

/** A time held for a chat, placed like a cita (it is not one: it only keeps the time). */
export interface PlacedHold extends RowSpan, Lane {
  hold: Hold;
  column: DiaryColumn;
}

/** What the grid draws: the citas and the holds, each in its column, sharing the lanes. */
export interface PlacedBlocks {
  citas: PlacedAppointment[];
  holds: PlacedHold[];
}

export function columnKey(date: string, staffId: string): string {
  return `${date}|${staffId}`;
}

/** The seven dates of the week that starts on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The columns for `dates` and `staff`: a day shows one column per stylist; a week shows the
 * days side by side, each with its stylists (one stylist: seven columns).
 */
export function diaryColumns(dates: string[], staff: DiaryStaff[]): DiaryColumn[] {
  return dates.flatMap((date) =>
    staff.map((member) => ({
      key: columnKey(date, member.id),
      date,
      staffId: member.id,
      staffName: member.name,
    })),
  );
}

/** 1 = Monday … 7 = Sunday, as the API's periods count weekdays. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The periods of `periods` that fall on `date`'s weekday, in order. */
export function periodsOn(periods: OpeningPeriod[], date: string): OpeningPeriod[] {
  const weekday = weekdayOf(date);
  return periods
    .filter((period) => period.weekday === weekday)
    .sort((a, b) => a.openMin - b.openMin);
}

const DEFAULT_FRAME = { startMin: 9 * 60, endMin: 20 * 60 };

/**
 * The minutes the grid shows for `dates`: from the earliest opening to the latest closing of any
 * of those days, widened to every block shown, cita or hold (a cita booked outside hours must
 * still be seen), rounded out to whole hours. A closed week shows 09:00–20:00.
 */
export function gridFrame(
  hours: OpeningPeriod[],
  dates: string[],
  blocks: Pick<Appointment, 'startMin' | 'endMin'>[],
  step: number,
): GridFrame {
  const open = dates.flatMap((date) => periodsOn(hours, date));
  const starts = [...open.map((p) => p.openMin), ...blocks.map((b) => b.startMin)];
  const ends = [...open.map((p) => p.closeMin), ...blocks.map((b) => b.endMin)];
  const startMin = starts.length > 0 ? Math.min(...starts) : DEFAULT_FRAME.startMin;
  const endMin = ends.length > 0 ? Math.max(...ends) : DEFAULT_FRAME.endMin;
  return {
    startMin: Math.max(0, Math.floor(startMin / 60) * 60),
    endMin: Math.min(24 * 60, Math.ceil(endMin / 60) * 60),
    step: step > 0 ? step : 15,
  };
}

export function rowCount(frame: GridFrame): number {
  return Math.ceil((frame.endMin - frame.startMin) / frame.step);
}

/**
 * The rows `[startMin, endMin)` covers, clipped to the grid: it starts on the row its start
 * falls in and spans at least one row, so a 10-minute cita on a 15-minute grid is still seen.
 */
export function rowSpanOf(frame: GridFrame, startMin: number, endMin: number): RowSpan {
  const from = Math.max(startMin, frame.startMin);
  const to = Math.min(endMin, frame.endMin);
  const row = Math.floor((from - frame.startMin) / frame.step);
  const span = Math.max(1, Math.ceil((to - frame.startMin) / frame.step) - row);
  return { row, span };
}

/**
 * Every cita of `appointments` and every hold of `holds` that has a column, with its rows and
 * lane. Blocks that overlap in one column (a cancelled cita under its replacement, a hold beside
 * a cita) share the column's width side by side. Each list comes back in time order.
 */
export function placeBlocks(
  appointments: Appointment[],
  holds: Hold[],
  columns: DiaryColumn[],
  frame: GridFrame,
): PlacedBlocks {
  const byColumn = new Map(columns.map((column) => [column.key, column]));
  const perColumn = new Map<string, Timed[]>();
  function place<T extends Pick<Hold, 'date' | 'staffId' | 'startMin' | 'endMin'>, B extends Lane>(
    items: T[],
    block: (item: T, column: DiaryColumn) => B,
  ): B[] {
    const placed: B[] = [];
    for (const item of [...items].sort(byTime)) {
      const column = byColumn.get(columnKey(item.date, item.staffId));
      if (!column) continue;
      const made = block(item, column);
      placed.push(made);
      const list = perColumn.get(column.key) ?? [];
      list.push({ startMin: item.startMin, endMin: item.endMin, block: made });
      perColumn.set(column.key, list);
    }
    return placed;
  }
  const citas = place(appointments, (appointment, column) => ({
    appointment,
    column,
    ...rowSpanOf(frame, appointment.startMin, appointment.endMin),
    lane: 0,
    lanes: 1,
  }));
  const held = place(holds, (hold, column) => ({
    hold,
    column,
    ...rowSpanOf(frame, hold.startMin, hold.endMin),
    lane: 0,
    lanes: 1,
  }));
  // A stable sort: at the same times a cita comes before a hold.
  for (const list of perColumn.values()) assignLanes(list.sort(byTime));
  return { citas, holds: held };
}

/** A placed block with the minutes it covers, for the lanes. */
interface Timed {
  startMin: number;
  endMin: number;
  block: Lane;
}

function byTime(a: Pick<Timed, 'startMin' | 'endMin'>, b: Pick<Timed, 'startMin' | 'endMin'>) {
  return a.startMin - b.startMin || a.endMin - b.endMin;
}

/** Groups blocks that overlap (transitively) and gives each the first lane free at its start. */
function assignLanes(blocks: Timed[]): void {
  let group: Timed[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...group.map((each) => each.block.lane + 1));
    for (const each of group) each.block.lanes = lanes;
    group = [];
  };
  for (const timed of blocks) {
    const { startMin, endMin } = timed;
    if (startMin >= groupEnd) close();
    const laneEnds: number[] = [];
    for (const other of group) {
      laneEnds[other.block.lane] = Math.max(laneEnds[other.block.lane] ?? -1, other.endMin);
    }
    let lane = 0;
    while ((laneEnds[lane] ?? -1) > startMin) lane++;
    timed.block.lane = lane;
    group.push(timed);
    groupEnd = Math.max(groupEnd, endMin);
  }
  close();
}

/**
 * The stretches of the grid that are closed for a stylist on `date`: before, between and after
 * their working `periods` (an empty list: the whole day).
 */
export function closedSpans(frame: GridFrame, periods: OpeningPeriod[], date: string): RowSpan[] {
  const open = periodsOn(periods, date);
  const spans: RowSpan[] = [];
  let cursor = frame.startMin;
  for (const period of open) {
    if (period.openMin > cursor) spans.push(rowSpanOf(frame, cursor, period.openMin));
    cursor = Math.max(cursor, period.closeMin);
  }
  if (cursor < frame.endMin) spans.push(rowSpanOf(frame, cursor, frame.endMin));
  return spans;
}

/** The range of `ranges` that covers `date`, if any (closures, time off). */
export function rangeOn(ranges: DateRange[], date: string): DateRange | undefined {
  return ranges.find((range) => range.from <= date && date <= range.to);
}

/** The minute of the row at `offsetPx` from the column's top, for a click on an empty cell. */
export function minuteAtOffset(frame: GridFrame, offsetPx: number, rowPx: number): number {
  const rows = rowCount(frame);
  const row = Math.min(rows - 1, Math.max(0, Math.floor(offsetPx / rowPx)));
  return frame.startMin + row * frame.step;
}

/**
 * Where a cita dragged by `deltaPx` lands: whole rows moved, kept inside the grid (its start no
 * earlier than the grid's top, its end no later than the grid's bottom).
 */
export function movedStart(
  frame: GridFrame,
  appointment: Pick<Appointment, 'startMin' | 'endMin'>,
  deltaPx: number,
  rowPx: number,
): number {
  const rows = Math.round(deltaPx / rowPx);
  const duration = appointment.endMin - appointment.startMin;
  const start = appointment.startMin + rows * frame.step;
  return Math.max(frame.startMin, Math.min(frame.endMin - duration, start));
}

/** A point on the screen in CSS pixels, as a pointer's `clientX` and `clientY` give it. */
export interface Point {
  x: number;
  y: number;
}

/** Where a column of the grid sits on the screen while a cita is dragged. */
export interface ColumnBox {
  column: DiaryColumn;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a dragged cita would land: the column (stylist and day) and its new times. */
export interface Landing {
  column: DiaryColumn;
  startMin: number;
  endMin: number;
}

/**
 * Where a cita grabbed at `grab` lands with the pointer now at `pointer`: in the column under the
 * pointer (none: it lands nowhere, and a drop there moves nothing), moved by as many whole rows
 * as the pointer moved up or down, kept inside the grid (`movedStart`). The preview shown during
 * a drag and the drop itself both ask this, so the time shown is the time the cita gets.
 */
export function landingAt(
  frame: GridFrame,
  appointment: Pick<Appointment, 'startMin' | 'endMin'>,
  boxes: ColumnBox[],
  grab: Point,
  pointer: Point,
): Landing | null {
  const box = boxes.find(
    (each) =>
      pointer.x >= each.left &&
      pointer.x < each.left + each.width &&
      pointer.y >= each.top &&
      pointer.y < each.top + each.height,
  );
  if (!box) return null;
  const rowPx = box.height / rowCount(frame);
  const startMin = movedStart(frame, appointment, pointer.y - grab.y, rowPx);
  const duration = appointment.endMin - appointment.startMin;
  return { column: box.column, startMin, endMin: startMin + duration };
}

/** The row the line marking `nowMin` sits at, as a fraction of rows; null off the grid. */
export function nowOffsetRows(frame: GridFrame, nowMin: number): number | null {
  if (nowMin < frame.startMin || nowMin > frame.endMin) return null;
  return (nowMin - frame.startMin) / frame.step;
}
