/**
 * Test fixtures of the staff's side: a fixed "today" in the business's time zone, profiles of
 * any role, the staff, and citas and conversations changed as each test needs. The server's own
 * fixtures (business, services, the usual accounts) are in `fakeServer`.
 */
import { vi } from 'vitest';
import type {
  Appointment,
  ConversationDetail,
  Hold,
  Profile,
  Role,
  StaffMember,
} from '../api/types';

/**
 * 00:30 on Monday 23 November 2026 in Madrid, still the 22nd in UTC: "today" of the staff's
 * tests, so a page that took the browser's UTC day instead of the business's would ask for the 22nd.
 */
export const NOW = new Date('2026-11-22T23:30:00Z');
export const TODAY = '2026-11-23';

export function profile(role: Role, id = `persona-${role}`): Profile & { role: Role } {
  return {
    id,
    email: `${role}@example.com`,
    firstName: 'Ana',
    lastName: 'Pérez',
    phone: null,
    role,
  };
}

/** Fixes "today" without faking timers, so Testing Library's waits keep working. */
export function fixToday() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
}

/** The nearest `selector` around `element` (a row, a card), failing the test when there is none. */
export function enclosing(element: HTMLElement, selector: string): HTMLElement {
  const found = element.closest<HTMLElement>(selector);
  if (!found) throw new Error(`No hay ningún ${selector} alrededor del elemento`);
  return found;
}

export const STAFF: StaffMember[] = [
  {
    id: 'st-1',
    firstName: 'Lucía',
    lastName: 'Gómez',
    email: 'lucia@example.com',
    phone: null,
    role: 'usuario',
  },
  {
    id: 'st-2',
    firstName: 'Marta',
    lastName: 'Ruiz',
    email: 'marta@example.com',
    phone: null,
    role: 'administrador',
  },
];

/** A cita of today at 10:00 with Lucía, changed as the test needs. */
export function fakeAppointment(changes: Partial<Appointment> & { id: string }): Appointment {
  return {
    staffId: 'st-1',
    staffName: 'Lucía Gómez',
    clientId: `cl-${changes.id}`,
    clientName: 'Pilar',
    clientEmail: `${changes.id}@example.com`,
    clientPhone: null,
    date: TODAY,
    startMin: 600,
    endMin: 645,
    startAt: '2026-11-23T09:00:00Z',
    endAt: '2026-11-23T09:45:00Z',
    status: 'pendiente',
    services: [{ id: 'svc-corte', name: 'Corte de pelo' }],
    chatSessionId: null,
    createdAt: '2026-11-20T09:00:00Z',
    outsideHours: false,
    clientConfirmed: false,
    ...changes,
  };
}

/**
 * A time held in the chat: Lucía today 10:00–10:45, held until 00:40 in Madrid (ten minutes after
 * NOW), changed as the test needs.
 */
export function fakeHold(changes: Partial<Hold> & { conversationId: string }): Hold {
  return {
    staffId: 'st-1',
    date: TODAY,
    startMin: 600,
    endMin: 645,
    expiresAt: '2026-11-22T23:40:00Z',
    ...changes,
  };
}

/** A guest's chat that nobody has taken over, changed as the test needs. */
export function fakeConversation(
  changes: Partial<ConversationDetail> & { sessionId: string },
): ConversationDetail {
  return {
    visitor: { kind: 'guest', userId: null, name: null, email: null, role: 'guest' },
    startedAt: '2026-11-23T09:00:00Z',
    lastAt: '2026-11-23T09:05:00Z',
    messageCount: 0,
    lastMessage: null,
    booked: false,
    appointmentIds: [],
    takenOverBy: null,
    needsPerson: false,
    needsPersonSince: null,
    visitorName: null,
    preview: changes.lastMessage?.text ?? '',
    unread: 0,
    site: null,
    messages: [],
    ...changes,
  };
}
