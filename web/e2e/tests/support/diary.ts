/**
 * The demo salon's diary as specs need it: its stylists and services read through the API, a
 * working day ahead, and citas created through `POST /api/appointments` at times the server says
 * are free, so the browser has something real to show and move.
 */
import type { ListedAppointment, SignedInApi } from './api';
import { madridDate } from './api';
import { sitePort } from './server';

export interface Stylist {
  id: string;
  firstName: string;
}

interface Business {
  team?: { id: string; serviceIds: string[] }[];
}

let closures: Promise<{ from: string; to: string }[]> | undefined;

/** The demo salon's closures (its public holidays) within the booking horizon, read once. */
function demoClosures(): Promise<{ from: string; to: string }[]> {
  closures ??= fetch(`http://127.0.0.1:${String(sitePort)}/api/business`)
    .then(
      (response) =>
        response.json() as Promise<{ item: { closures: { from: string; to: string }[] } }>,
    )
    .then((body) => body.item.closures);
  return closures;
}

/** Four weeks of Monday–Fridays from `fromDays` days ahead in Madrid, without the demo's closures. */
async function openWeekdays(fromDays: number): Promise<string[]> {
  const closed = await demoClosures();
  return Array.from({ length: 28 }, (_, days) => madridDate(fromDays + days)).filter(
    (date) =>
      weekdayOf(date) >= 1 &&
      weekdayOf(date) <= 5 &&
      !closed.some((closure) => closure.from <= date && date <= closure.to),
  );
}

/** 0 Sunday … 6 Saturday. */
function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

function found(date: string | undefined, what: string): string {
  if (date === undefined) throw new Error(`no ${what} in the next four weeks`);
  return date;
}

/**
 * The `nth` Monday–Friday after tomorrow in Madrid on which the demo opens (1 = the first):
 * each spec's own day, so their citas never meet.
 */
export async function workingDay(nth = 1): Promise<string> {
  return found((await openWeekdays(2))[nth - 1], `working day number ${String(nth)}`);
}

/** The first Monday–Friday at least `fromDays` days ahead on which the demo opens. */
export async function weekdayAhead(fromDays: number): Promise<string> {
  return found((await openWeekdays(fromDays))[0], 'working day');
}

/** The first `weekday` (0 Sunday … 6 Saturday) after tomorrow on which the demo opens. */
export async function openWeekday(weekday: number): Promise<string> {
  return found(
    (await openWeekdays(2)).find((date) => weekdayOf(date) === weekday),
    `open day of weekday ${String(weekday)}`,
  );
}

/** A date as a visitor types it to the chat: "9 de diciembre". */
export function spokenDate(date: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The demo's two stylists (Lucía and Javier) and a service both of them do. */
export async function demoStylists(api: SignedInApi) {
  const staff = await api.get<{ items: (Stylist & { lastName: string })[] }>('/api/staff');
  const services = await api.get<{ items: { id: string; active: boolean }[] }>('/api/services');
  const business = await api.get<{ item: Business }>('/api/business');
  const find = (name: string) => {
    const found = staff.items.find((member) => member.firstName === name);
    if (!found) throw new Error(`${name} no está en el equipo de la demo`);
    return found;
  };
  const lucia = find('Lucía');
  const javier = find('Javier');
  // With per-stylist skills (issue 11), a service both do; before them, any active service.
  const does = (id: string) =>
    business.item.team?.find((member) => member.id === id)?.serviceIds ?? null;
  const shared = services.items.find(
    (service) =>
      service.active &&
      (does(lucia.id)?.includes(service.id) ?? true) &&
      (does(javier.id)?.includes(service.id) ?? true),
  );
  if (!shared) throw new Error('Ningún servicio lo hacen los dos');
  return { lucia, javier, serviceId: shared.id };
}

/** The free starts for `serviceId` with `staffId` on `date`. */
export async function freeStarts(
  api: SignedInApi,
  date: string,
  serviceId: string,
  staffId: string,
): Promise<number[]> {
  const query = new URLSearchParams({ date, serviceIds: serviceId, staffId });
  const { items } = await api.get<{ items: { startMin: number }[] }>(`/api/availability?${query}`);
  return items.map((each) => each.startMin);
}

/** Books a cita for a new client at the first free start from `notBefore`. */
export async function bookAt(
  api: SignedInApi,
  options: { date: string; staffId: string; serviceId: string; notBefore: number; client: string },
): Promise<ListedAppointment> {
  const starts = await freeStarts(api, options.date, options.serviceId, options.staffId);
  const startMin = starts.find((start) => start >= options.notBefore);
  if (startMin === undefined) throw new Error(`No hay hueco el ${options.date}`);
  const { item } = await api.post<{ item: ListedAppointment }>('/api/appointments', {
    staffId: options.staffId,
    client: { name: options.client },
    date: options.date,
    startMin,
    serviceIds: [options.serviceId],
    status: 'confirmada',
  });
  return item;
}
