import { describe, expect, it } from 'vitest';
import { business } from '../../test/fakeServer';
import { fakeAppointment, fakeHold, TODAY } from '../../test/fixtures';
import {
  closedSpans,
  diaryColumns,
  gridFrame,
  landingAt,
  minuteAtOffset,
  movedStart,
  nowOffsetRows,
  placeBlocks,
  rangeOn,
  rowCount,
  rowSpanOf,
  weekDates,
  weekdayOf,
} from './layout';

const LUCIA = { id: 'st-1', name: 'Lucía' };
const MARTA = { id: 'st-2', name: 'Marta' };
// TODAY (2026-11-23) is a Monday, open 10:00–20:00 in the fake business.
const FRAME = gridFrame(business.hours, [TODAY], [], 15);

describe('the diary’s placement maths', () => {
  it('frames a day from its opening to its closing, in slot-step rows', () => {
    expect(FRAME).toEqual({ startMin: 600, endMin: 1200, step: 15 });
    expect(rowCount(FRAME)).toBe(40);
  });

  it('widens the frame to whole hours and to citas outside the hours', () => {
    const early = fakeAppointment({ id: 'e', startMin: 8 * 60 + 30, endMin: 9 * 60 + 10 });
    const late = fakeAppointment({ id: 'l', startMin: 20 * 60 + 15, endMin: 20 * 60 + 45 });
    expect(gridFrame(business.hours, [TODAY], [early, late], 15)).toEqual({
      startMin: 480,
      endMin: 1260,
      step: 15,
    });
    // A Sunday with no hours and no citas still shows a working day.
    expect(gridFrame(business.hours, ['2026-11-29'], [], 30)).toEqual({
      startMin: 540,
      endMin: 1200,
      step: 30,
    });
  });

  it('puts a cita on the row of its start, as tall as its duration', () => {
    expect(rowSpanOf(FRAME, 600, 645)).toEqual({ row: 0, span: 3 });
    expect(rowSpanOf(FRAME, 11 * 60 + 30, 13 * 60)).toEqual({ row: 6, span: 6 });
    // Shorter than a row, or off the step, still covers the rows it touches.
    expect(rowSpanOf(FRAME, 605, 612)).toEqual({ row: 0, span: 1 });
    expect(rowSpanOf(FRAME, 610, 620)).toEqual({ row: 0, span: 2 });
    expect(rowSpanOf(FRAME, 610, 650)).toEqual({ row: 0, span: 4 });
    // Clipped to the frame.
    expect(rowSpanOf(FRAME, 1170, 1260)).toEqual({ row: 38, span: 2 });
  });

  it('gives each cita the column of its stylist and day', () => {
    const columns = diaryColumns([TODAY], [LUCIA, MARTA]);
    expect(columns.map((column) => column.key)).toEqual([`${TODAY}|st-1`, `${TODAY}|st-2`]);
    const { citas: placed } = placeBlocks(
      [
        fakeAppointment({ id: 'a', staffId: 'st-2', startMin: 11 * 60, endMin: 11 * 60 + 30 }),
        fakeAppointment({ id: 'b', staffId: 'st-1', startMin: 10 * 60, endMin: 11 * 60 + 30 }),
        fakeAppointment({ id: 'other-day', date: '2026-11-24' }),
        fakeAppointment({ id: 'unknown-stylist', staffId: 'st-9' }),
      ],
      [],
      columns,
      FRAME,
    );
    expect(
      placed.map(({ appointment, column, row, span }) => [
        appointment.id,
        column.staffId,
        row,
        span,
      ]),
    ).toEqual([
      ['b', 'st-1', 0, 6],
      ['a', 'st-2', 4, 2],
    ]);
  });

  it('lays a week out day by day, each day with its stylists', () => {
    const dates = weekDates('2026-11-23');
    expect(dates).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(dates.map(weekdayOf)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const columns = diaryColumns(dates, [LUCIA, MARTA]);
    expect(columns).toHaveLength(14);
    expect(columns.slice(2, 4).map((column) => column.key)).toEqual([
      '2026-11-24|st-1',
      '2026-11-24|st-2',
    ]);
    const frame = gridFrame(business.hours, dates, [], 15);
    const {
      citas: [placed],
    } = placeBlocks(
      [fakeAppointment({ id: 'w', date: '2026-11-28', staffId: 'st-2', startMin: 720 })],
      [],
      columns,
      frame,
    );
    expect(placed?.column.key).toBe('2026-11-28|st-2');
    expect(placed && columns.indexOf(placed.column)).toBe(11);
  });

  it('sets overlapping citas side by side in lanes', () => {
    const columns = diaryColumns([TODAY], [LUCIA]);
    const { citas: placed } = placeBlocks(
      [
        fakeAppointment({ id: 'x', startMin: 600, endMin: 660, status: 'cancelada' }),
        fakeAppointment({ id: 'y', startMin: 630, endMin: 690 }),
        fakeAppointment({ id: 'z', startMin: 660, endMin: 700 }),
        fakeAppointment({ id: 'alone', startMin: 800, endMin: 830 }),
      ],
      [],
      columns,
      FRAME,
    );
    const lanes = Object.fromEntries(placed.map((b) => [b.appointment.id, [b.lane, b.lanes]]));
    expect(lanes).toEqual({ x: [0, 2], y: [1, 2], z: [0, 2], alone: [0, 1] });
  });

  it('puts a hold in its stylist’s column like a cita, beside the citas it overlaps', () => {
    const dates = weekDates('2026-11-23');
    const columns = diaryColumns(dates, [LUCIA, MARTA]);
    const frame = gridFrame(business.hours, dates, [], 15);
    const { citas, holds } = placeBlocks(
      [fakeAppointment({ id: 'gone', startMin: 600, endMin: 645, status: 'cancelada' })],
      [
        fakeHold({ conversationId: 'chat-1', startMin: 600, endMin: 645 }),
        fakeHold({
          conversationId: 'chat-2',
          staffId: 'st-2',
          date: '2026-11-24',
          startMin: 675,
          endMin: 720,
        }),
        fakeHold({ conversationId: 'chat-3', staffId: 'st-9' }),
      ],
      columns,
      frame,
    );
    expect(
      holds.map(({ hold, column, row, span, lane, lanes }) => [
        hold.conversationId,
        column.key,
        row,
        span,
        lane,
        lanes,
      ]),
    ).toEqual([
      // 10:00–10:45 on a 10:00 grid: row 0, three rows, beside the cancelled cita there.
      ['chat-1', `${TODAY}|st-1`, 0, 3, 1, 2],
      // Tuesday 11:15–12:00 in Marta's column of the week, alone.
      ['chat-2', '2026-11-24|st-2', 5, 3, 0, 1],
    ]);
    expect(citas.map(({ lane, lanes }) => [lane, lanes])).toEqual([[0, 2]]);
  });

  it('widens the frame to a hold as to a cita', () => {
    const early = fakeHold({ conversationId: 'early', startMin: 8 * 60 + 45, endMin: 9 * 60 + 30 });
    expect(gridFrame(business.hours, [TODAY], [early], 15)).toMatchObject({
      startMin: 480,
      endMin: 1200,
    });
  });

  it('shades the time outside a day’s periods', () => {
    // Tuesday: 10:00–14:00 and 16:00–20:00, on a 09:00–21:00 frame.
    const frame = { startMin: 540, endMin: 1260, step: 30 };
    expect(closedSpans(frame, business.hours, '2026-11-24')).toEqual([
      { row: 0, span: 2 },
      { row: 10, span: 4 },
      { row: 22, span: 2 },
    ]);
    // A day without periods is closed all day.
    expect(closedSpans(frame, business.hours, '2026-11-25')).toEqual([{ row: 0, span: 24 }]);
  });

  it('finds the closure or time off of a date, ends included', () => {
    const ranges = [{ id: 'n', from: '2026-12-24', to: '2026-12-26', reason: 'Navidad' }];
    expect(rangeOn(ranges, '2026-12-23')).toBeUndefined();
    expect(rangeOn(ranges, '2026-12-24')?.reason).toBe('Navidad');
    expect(rangeOn(ranges, '2026-12-26')?.reason).toBe('Navidad');
  });

  it('turns a click’s height into the minute of its row', () => {
    // 40 rows of 24 px.
    expect(minuteAtOffset(FRAME, 0, 24)).toBe(600);
    expect(minuteAtOffset(FRAME, 24 * 5 + 23, 24)).toBe(675);
    expect(minuteAtOffset(FRAME, 24 * 40 + 10, 24)).toBe(1185);
  });

  it('moves a dragged cita by whole rows and keeps it inside the day', () => {
    const cita = { startMin: 660, endMin: 705 };
    expect(movedStart(FRAME, cita, 0, 24)).toBe(660);
    expect(movedStart(FRAME, cita, 24 * 4 + 5, 24)).toBe(720);
    expect(movedStart(FRAME, cita, -24 * 2 - 11, 24)).toBe(630);
    expect(movedStart(FRAME, cita, -24 * 50, 24)).toBe(600);
    expect(movedStart(FRAME, cita, 24 * 50, 24)).toBe(1155);
  });

  describe('where a dragged cita lands', () => {
    // Lucía's and Marta's columns side by side, 200 px wide and 40 rows of 24 px from y = 100.
    const [lucia, marta] = diaryColumns([TODAY], [LUCIA, MARTA]);
    if (!lucia || !marta) throw new Error('two columns');
    const boxes = [
      { column: lucia, left: 50, top: 100, width: 200, height: 960 },
      { column: marta, left: 250, top: 100, width: 200, height: 960 },
    ];
    // 11:00–11:45: row 4, grabbed 5 px under its top.
    const cita = { startMin: 660, endMin: 705 };
    const grab = { x: 150, y: 100 + 4 * 24 + 5 };
    const land = (x: number, dy: number) =>
      landingAt(FRAME, cita, boxes, grab, { x, y: grab.y + dy });

    it('moves by whole rows, snapped to the step, keeping its length', () => {
      expect(land(150, 0)).toEqual({ column: lucia, startMin: 660, endMin: 705 });
      // Two rows and a bit down: 11:30; just under half a row more is not another row.
      expect(land(150, 2 * 24 + 11)).toEqual({ column: lucia, startMin: 690, endMin: 735 });
      // Just over half a row up: one row earlier.
      expect(land(150, -13)?.startMin).toBe(645);
    });

    it('is kept inside the day’s hours', () => {
      // Grabbed near its bottom and dragged to the grid's top: six rows up would be 09:30, before
      // the grid; it starts on the first row (10:00).
      const low = { x: 150, y: 100 + 4 * 24 + 64 };
      expect(landingAt(FRAME, cita, boxes, low, { x: 150, y: 101 })).toMatchObject({
        startMin: 600,
        endMin: 645,
      });
      // Near the bottom: it ends at the grid's last minute (20:00), not after.
      expect(land(150, 960 - 4 * 24 - 10)).toMatchObject({ startMin: 1155, endMin: 1200 });
    });

    it('crosses into another stylist’s column under the pointer', () => {
      expect(land(249, 24)).toEqual({ column: lucia, startMin: 675, endMin: 720 });
      expect(land(250, 24)).toEqual({ column: marta, startMin: 675, endMin: 720 });
      expect(land(449, 4 * 24)).toEqual({ column: marta, startMin: 720, endMin: 765 });
    });

    it('lands nowhere off the columns', () => {
      // The hours' gutter on the left, past the last column, above and below the grid.
      expect(land(20, 0)).toBeNull();
      expect(land(450, 0)).toBeNull();
      expect(landingAt(FRAME, cita, boxes, grab, { x: 150, y: 99 })).toBeNull();
      expect(landingAt(FRAME, cita, boxes, grab, { x: 150, y: 1060 })).toBeNull();
    });
  });

  it('marks the current time only inside the frame', () => {
    expect(nowOffsetRows(FRAME, 10 * 60 + 30)).toBe(2);
    expect(nowOffsetRows(FRAME, 9 * 60)).toBeNull();
    expect(nowOffsetRows(FRAME, 21 * 60)).toBeNull();
  });
});
