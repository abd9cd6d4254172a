/**
 * The diary's time grid: a column per stylist and day, a row per slot step, the time down the
 * left. Citas are buttons sized by their duration (a click opens the cita's panel; a drag with
 * mouse or finger moves it, @dnd-kit's sensors); while a cita is dragged it stays where it is,
 * faded, and a ghost at the row and column it would land on says its new times and stylist. An
 * empty stretch of a column opens "Nueva cita" there. A time a visitor is holding in the chat is a hatched block that never moves: a link to
 * its conversation. Closed time is shaded; the current time is a line. Sizes come from CSS
 * variables (`--diary-row-height`, …) so the look can change without touching the maths.
 */
import {
  DndContext,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  pointerWithin,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent } from 'react';
import type { Appointment, DateRange, Hold } from '../../api/types';
import { ClientConfirmedMark } from '../../appointments/ClientConfirmedMark';
import { STATUS_LABELS } from '../../appointments/status';
import { formatClock, formatDate, formatTime, labelOf } from '../../shell/format';
import { Link } from '../../shell/router';
import {
  columnKey,
  landingAt,
  minuteAtOffset,
  nowOffsetRows,
  rowCount,
  rowSpanOf,
  type ColumnBox,
  type DiaryColumn,
  type GridFrame,
  type Landing,
  type PlacedAppointment,
  type PlacedHold,
  type Point,
  type RowSpan,
} from './layout';

/** What shades one column: closed stretches, and a whole-day closure or time off. */
export interface ColumnShade {
  closed: RowSpan[];
  closure?: DateRange;
  timeOff?: DateRange;
}

interface DiaryGridProps {
  columns: DiaryColumn[];
  frame: GridFrame;
  placed: PlacedAppointment[];
  /** The times held in the chat; their "hasta" is said in `timeZone`, the business's. */
  holds: PlacedHold[];
  timeZone: string;
  shades: Record<string, ColumnShade>;
  /** Today's date and the minute now, in the business's time zone. */
  today: string;
  nowMin: number;
  /** A week: the header names the days, and the columns are narrower to fit seven. */
  week: boolean;
  /** Whether the header names the stylists (no need with one stylist's week). */
  showStaff: boolean;
  onCreate: (column: DiaryColumn, startMin: number) => void;
  onOpen: (appointment: Appointment) => void;
  onMove: (appointment: Appointment, column: DiaryColumn, startMin: number) => void;
}

/** Only citas still to happen can move (the server's rule for a reschedule). */
export function isMovable(appointment: Appointment): boolean {
  return appointment.status === 'pendiente' || appointment.status === 'confirmada';
}

function blockLabel(block: Pick<Appointment, 'startMin' | 'endMin'>): string {
  return `${formatTime(block.startMin)}–${formatTime(block.endMin)}`;
}

/** What a hold says: "Reservando en el chat", its times and until when it holds them. */
function holdLabel(hold: Hold, timeZone: string): { times: string; until: string } {
  return { times: blockLabel(hold), until: `hasta ${formatClock(hold.expiresAt, timeZone)}` };
}

/** The path of the dashboard's page of a conversation. */
function conversationPath(sessionId: string): string {
  return `/dashboard/conversaciones/${encodeURIComponent(sessionId)}`;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'Arrastra la cita con el ratón o el dedo para cambiarla de hora o de estilista. Con el teclado, ábrela con Intro y usa «Cambiar».',
};

function columnName(data: unknown): string {
  const column = data as DiaryColumn | undefined;
  return column ? `${column.staffName}, ${formatDate(column.date)}` : 'fuera de la agenda';
}

function citaName(data: unknown): string {
  const appointment = data as Appointment | undefined;
  return appointment ? `La cita de ${appointment.clientName}` : 'La cita';
}

/** Where the pointer (a mouse's or a finger's) was when `event` happened. */
function pointOf(event: Event | null): Point | null {
  if (event instanceof MouseEvent) return { x: event.clientX, y: event.clientY };
  if (event && 'touches' in event) {
    const touch = (event as TouchEvent).touches[0] ?? (event as TouchEvent).changedTouches[0];
    if (touch) return { x: touch.clientX, y: touch.clientY };
  }
  return null;
}

const announcements: Announcements = {
  onDragStart: ({ active }) => `${citaName(active.data.current)} cogida.`,
  onDragOver: ({ active, over }) =>
    `${citaName(active.data.current)} sobre ${columnName(over?.data.current)}.`,
  onDragEnd: ({ active, over }) =>
    `${citaName(active.data.current)} soltada en ${columnName(over?.data.current)}.`,
  onDragCancel: ({ active }) => `${citaName(active.data.current)}: movimiento cancelado.`,
};

export function DiaryGrid(props: DiaryGridProps) {
  const { columns, frame, placed, shades, today, nowMin, week, showStaff } = props;
  const rows = rowCount(frame);
  // A click that ends a drag must not also open the cita.
  const dragged = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  // Where the columns were when the drag began: dnd-kit's delta counts any scroll since then.
  const boxes = useRef<ColumnBox[]>([]);
  const [landing, setLanding] = useState<Landing | null>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short press before a drag on a touch screen, so a swipe still scrolls the diary.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  function onDragStart() {
    dragged.current = true;
    const byKey = new Map(columns.map((column) => [column.key, column]));
    boxes.current = Array.from(
      grid.current?.querySelectorAll<HTMLElement>('[data-column]') ?? [],
      (element) => {
        const { left, top, width, height } = element.getBoundingClientRect();
        const column = byKey.get(element.dataset.column ?? '');
        return column && { column, left, top, width, height };
      },
    ).filter((box) => box !== undefined);
  }

  /** Where the cita being dragged would land now, from where it was grabbed and how far. */
  function landingOf({ active, activatorEvent, delta }: DragMoveEvent): Landing | null {
    const appointment = active.data.current as Appointment | undefined;
    const grab = pointOf(activatorEvent);
    if (!appointment || !grab) return null;
    const pointer = { x: grab.x + delta.x, y: grab.y + delta.y };
    return landingAt(frame, appointment, boxes.current, grab, pointer);
  }

  function onDragMove(event: DragMoveEvent) {
    const next = landingOf(event);
    // Drawn again only when the row or the column changes, not at every pixel.
    setLanding((shown) =>
      shown?.column.key === next?.column.key && shown?.startMin === next?.startMin ? shown : next,
    );
  }

  function onDragEnd(event: DragEndEvent) {
    setTimeout(() => {
      dragged.current = false;
    }, 0);
    setLanding(null);
    const appointment = event.active.data.current as Appointment | undefined;
    const landed = landingOf(event);
    if (!appointment || !landed) return;
    const sameColumn = columnKey(appointment.date, appointment.staffId) === landed.column.key;
    if (sameColumn && landed.startMin === appointment.startMin) return;
    props.onMove(appointment, landed.column, landed.startMin);
  }

  function onDragCancel() {
    dragged.current = false;
    setLanding(null);
  }

  const hours: number[] = [];
  for (let minute = frame.startMin; minute < frame.endMin; minute += 60) hours.push(minute);
  const dates = [...new Set(columns.map((column) => column.date))];
  const perDate = columns.length / Math.max(1, dates.length);
  const style = {
    '--diary-rows': rows,
    '--diary-columns': columns.length,
    '--diary-rows-per-hour': 60 / frame.step,
  } as CSSProperties;

  return (
    <DndContext
      sensors={sensors}
      // The column under the pointer, as `landingAt` takes it, so what is announced is where the
      // ghost is.
      collisionDetection={pointerWithin}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      {/* Scrolled with the keyboard too (a day without citas has nothing else to focus). */}
      <div
        className="diary-scroll"
        tabIndex={0}
        role="region"
        aria-label="Cuadrícula de la agenda"
        data-week={week || undefined}
      >
        <div ref={grid} className="diary" style={style} data-rows={rows}>
          {week && (
            <div className="diary-head diary-head-dates" aria-hidden="true">
              <span className="diary-corner" />
              {dates.map((date) => (
                <span
                  key={date}
                  className="diary-head-cell"
                  data-today={date === today || undefined}
                  style={{ gridColumn: `span ${String(perDate)}` }}
                >
                  {formatDate(date, 'short').slice(0, 5)} {weekdayShort(date)}
                </span>
              ))}
            </div>
          )}
          {showStaff && (
            <div className="diary-head" aria-hidden="true">
              <span className="diary-corner" />
              {columns.map((column) => (
                <span key={column.key} className="diary-head-cell">
                  {column.staffName}
                </span>
              ))}
            </div>
          )}
          <div className="diary-body">
            <div className="diary-gutter" aria-hidden="true">
              {hours.map((minute) => (
                <span
                  key={minute}
                  className="diary-hour"
                  style={{ '--row': (minute - frame.startMin) / frame.step } as CSSProperties}
                >
                  {formatTime(minute)}
                </span>
              ))}
            </div>
            {columns.map((column) => (
              <Column
                key={column.key}
                column={column}
                frame={frame}
                rows={rows}
                shade={shades[column.key]}
                blocks={placed.filter((block) => block.column.key === column.key)}
                holds={props.holds.filter((block) => block.column.key === column.key)}
                timeZone={props.timeZone}
                now={column.date === today ? nowOffsetRows(frame, nowMin) : null}
                landing={landing?.column.key === column.key ? landing : null}
                onCreate={props.onCreate}
                onOpen={(appointment) => {
                  if (!dragged.current) props.onOpen(appointment);
                }}
              />
            ))}
          </div>
        </div>
      </div>
    </DndContext>
  );
}

const weekdayFormat = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });
function weekdayShort(date: string): string {
  return weekdayFormat.format(new Date(`${date}T12:00:00Z`));
}

interface ColumnProps {
  column: DiaryColumn;
  frame: GridFrame;
  rows: number;
  shade: ColumnShade | undefined;
  blocks: PlacedAppointment[];
  holds: PlacedHold[];
  timeZone: string;
  now: number | null;
  /** Where the cita being dragged would land, when that is in this column. */
  landing: Landing | null;
  onCreate: (column: DiaryColumn, startMin: number) => void;
  onOpen: (appointment: Appointment) => void;
}

function Column(props: ColumnProps) {
  const { column, frame, rows, shade, blocks, holds, timeZone, now, landing, onCreate, onOpen } =
    props;
  // A droppable only for dnd-kit's announcements ("… sobre Lucía, lunes…"): where a cita lands
  // is `landingAt`'s to say.
  const { setNodeRef } = useDroppable({ id: column.key, data: column });
  const wholeDay = shade?.closure ?? shade?.timeOff;

  // A click on the column itself (not on a cita or a hold) is a click on an empty cell.
  function onClick(event: ReactMouseEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.closest('.diary-block, .diary-hold')) return;
    const rect = event.currentTarget.getBoundingClientRect();
    onCreate(column, minuteAtOffset(frame, event.clientY - rect.top, rect.height / rows));
  }

  return (
    <div
      ref={setNodeRef}
      className="diary-col"
      role="group"
      aria-label={`${column.staffName}, ${formatDate(column.date)}`}
      data-column={column.key}
      data-over={landing !== null || undefined}
      onClick={onClick}
    >
      {shade?.closed.map((span) => (
        <div key={span.row} className="diary-closed" style={spanStyle(span)} aria-hidden="true" />
      ))}
      {wholeDay && (
        <p className="diary-off">
          {shade?.closure ? 'Cerrado' : 'Ausente'}
          {wholeDay.reason ? `: ${wholeDay.reason}` : ''}
        </p>
      )}
      {now !== null && (
        <div
          className="diary-now"
          style={{ '--row': now } as CSSProperties}
          role="img"
          aria-label="Hora actual"
        />
      )}
      {blocks.map((block) => (
        <Block key={block.appointment.id} block={block} onOpen={onOpen} />
      ))}
      {holds.map((block) => (
        <HoldBlock
          key={`${block.hold.conversationId}|${String(block.hold.startMin)}`}
          block={block}
          timeZone={timeZone}
        />
      ))}
      {landing && (
        // Seen, not read: a screen reader hears dnd-kit's announcements, and the toast after.
        <div
          className="diary-ghost"
          style={spanStyle(rowSpanOf(frame, landing.startMin, landing.endMin))}
          aria-hidden="true"
        >
          {/* "10:30–11:15 · Lucía", on two lines where a week's column is narrow. */}
          <span>{blockLabel(landing)}</span> <span>· {landing.column.staffName}</span>
        </div>
      )}
    </div>
  );
}

function spanStyle(span: RowSpan, extra: Record<string, number> = {}): CSSProperties {
  return { '--row': span.row, '--span': span.span, ...extra } as CSSProperties;
}

function Block({
  block,
  onOpen,
}: {
  block: PlacedAppointment;
  onOpen: (appointment: Appointment) => void;
}) {
  const { appointment } = block;
  const movable = isMovable(appointment);
  // The block stays in place while dragged (no transform): the ghost shows where it goes.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: appointment.id,
    data: appointment,
    disabled: !movable,
    attributes: { roleDescription: 'cita movible' },
  });
  const services = appointment.services.map((service) => service.name).join(', ');
  return (
    <button
      ref={setNodeRef}
      type="button"
      className="diary-block"
      data-status={appointment.status}
      data-dragging={isDragging || undefined}
      // Two rows or fewer (half an hour on the usual grid): time and client share the first line.
      data-short={block.span <= 2 || undefined}
      data-appointment={appointment.id}
      style={spanStyle(block, { '--lane': block.lane, '--lanes': block.lanes })}
      // Only a cita that can move is announced as movable; every cita opens with a click.
      {...(movable ? { ...attributes, ...listeners } : {})}
      // dnd-kit's button role and tab stop are already a <button>'s own.
      role={undefined}
      tabIndex={undefined}
      onClick={() => {
        onOpen(appointment);
      }}
    >
      <span className="diary-block-time">{blockLabel(appointment)}</span>{' '}
      <span className="diary-block-client">{appointment.clientName}</span>{' '}
      <span className="diary-block-services">{services}</span>{' '}
      <span className="diary-block-status">
        {labelOf(STATUS_LABELS, appointment.status)}
        {appointment.clientConfirmed && <ClientConfirmedMark className="diary-block-confirmed" />}
      </span>
      {appointment.outsideHours && <span className="diary-block-flag"> · Fuera de horario</span>}
    </button>
  );
}

/**
 * A time a visitor is holding in the chat: not a cita, so it neither moves nor opens a panel; it
 * links to the conversation, where the staff can see who it is and what they asked for.
 */
function HoldBlock({ block, timeZone }: { block: PlacedHold; timeZone: string }) {
  const { times, until } = holdLabel(block.hold, timeZone);
  return (
    <Link
      to={conversationPath(block.hold.conversationId)}
      className="diary-hold"
      data-conversation={block.hold.conversationId}
      style={spanStyle(block, { '--lane': block.lane, '--lanes': block.lanes })}
    >
      {/* The visible lines are the link's name, exactly as seen ("Reservando en el chat
          10:00–10:45 hasta 10:12"): a label of its own would drift from the text. */}
      <span className="diary-hold-title">Reservando en el chat</span>{' '}
      <span className="diary-block-time">{times}</span>{' '}
      <span className="diary-hold-until">{until}</span>
    </Link>
  );
}
