/**
 * The bodies of the server's site and dashboard APIs (docs/DASHBOARD-API.md) and of the auth
 * API, as TypeScript types. Types only: the calls live with the pages that make them.
 */

/** Who is signed in; `guest` is nobody. Staff are `usuario` and `administrador`. */
export type Role = 'cliente' | 'usuario' | 'administrador';

/** The roles of the staff, the ones an API key may act with too. */
export type StaffRole = Exclude<Role, 'cliente'>;

/** The signed-in person's account. */
export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
}

/** `GET /api/auth/session` and the login and sign-up answers. */
export interface SessionInfo {
  user: Profile | null;
  csrfToken: string | null;
}

/** One opening period; `weekday` 1 = Monday … 7 = Sunday, minutes after local midnight. */
export interface OpeningPeriod {
  weekday: number;
  openMin: number;
  closeMin: number;
}

/** A date range (inclusive, local `YYYY-MM-DD`) the salon is closed or a stylist is off. */
export interface DateRange {
  id: string;
  from: string;
  to: string;
  reason: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface BookingRules {
  minNoticeMin: number;
  horizonDays: number;
  chatBookingStatus: 'pendiente' | 'confirmada';
  /**
   * How long a time picked in the chat stays held while the visitor gives their details, 1–60
   * minutes (10 unless changed). A server from before holds leaves it out.
   */
  holdMinutes?: number;
}

/** A bookable stylist as the public business answer lists them (never contact data). */
export interface TeamMember {
  id: string;
  firstName: string;
  serviceIds: string[];
}

/**
 * `GET /api/business`. The fields after `hours` came with issue 11's settings; a server from
 * before them leaves them out, so the pages read them as optional.
 */
export interface Business {
  name: string;
  timeZone: string;
  slotStep: number;
  hours: OpeningPeriod[];
  address?: { street: string; postalCode: string; city: string };
  phone?: string;
  email?: string;
  description?: string;
  paymentMethods?: string[];
  parking?: string;
  access?: string;
  faq?: FaqEntry[];
  brandColor?: string;
  bookingRules?: BookingRules;
  closures?: DateRange[];
  team?: TeamMember[];
  /**
   * The salon's logo and hero picture (issue 14): same-origin URLs naming their version, null
   * until uploaded (a server from before them leaves them out).
   */
  logoUrl?: string | null;
  heroUrl?: string | null;
  /** Only for staff: the salon's mail settings (issue 13); a server from before mail leaves it out. */
  mail?: MailSettings;
}

/** The salon's mail settings in "Ajustes". */
export interface MailSettings {
  /** How long before a cita its reminder goes, 1–168 hours (24 unless changed). */
  reminderHours: number;
  /** Who hears of a new chat booking or a visitor waiting for a person: 0–5 addresses. */
  staffAlertEmails: string[];
}

/** `GET /api/staff/{id}/schedule`. */
export interface StaffSchedule {
  periods: OpeningPeriod[];
  followsBusinessHours: boolean;
  serviceIds: string[];
  bookable: boolean;
}

export interface Service {
  id: string;
  name: string;
  description: string;
  durationMin: number;
  priceCents: number;
  active: boolean;
}

export type AppointmentStatus =
  'pendiente' | 'confirmada' | 'completada' | 'cancelada' | 'no_presentado';

export interface Appointment {
  id: string;
  staffId: string;
  staffName: string;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  date: string;
  startMin: number;
  endMin: number;
  startAt: string;
  endAt: string;
  status: AppointmentStatus;
  services: { id: string; name: string }[];
  chatSessionId: string | null;
  createdAt: string;
  /** Booked by staff outside hours, closures or the stylist's schedule (issue 11). */
  outsideHours?: boolean;
  /** Only in `GET /api/business/outside-rules`: why the cita is now outside the rules. */
  reason?: string;
  /**
   * The client said "Sí, voy" from their reminder (issue 13): not the salon's
   * `confirmada`, a mark beside it. A server from before mail leaves it out.
   */
  clientConfirmed?: boolean;
}

/**
 * `POST /api/appointments` (201) and `PATCH /api/appointments/{id}`: the cita as written, and a
 * Spanish sentence when the write released a time a visitor was holding in the chat.
 */
export interface AppointmentWriteResponse extends ItemResponse<Appointment> {
  warning?: string;
}

/**
 * A time held for a chat (`GET /api/holds`): a visitor picked it and is giving their details, so
 * nobody else is offered it until `expiresAt` (an RFC 3339 instant). `conversationId` is the
 * chat session's id.
 */
export interface Hold {
  staffId: string;
  date: string;
  startMin: number;
  endMin: number;
  expiresAt: string;
  conversationId: string;
}

/** A free start time of `GET /api/availability`, with the staff free then. */
export interface AvailableStart {
  startMin: number;
  staffIds: string[];
}

export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: Role;
}

export interface Client {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  userId: string | null;
  appointments: number;
  lastAppointmentDate: string | null;
}

export interface Conversation {
  sessionId: string;
  visitor: {
    kind: 'guest' | 'account';
    userId: string | null;
    name: string | null;
    email: string | null;
    role: Role | 'guest';
  };
  startedAt: string;
  lastAt: string;
  messageCount: number;
  lastMessage: { sender: 'user' | 'bot'; text: string; at: string } | null;
  booked: boolean;
  appointmentIds: string[];
  takenOverBy: { id: string; name: string } | null;
  /** The visitor asked for a person and nobody has taken over or answered yet. */
  needsPerson: boolean;
  /** Since when they wait (their first ask). */
  needsPersonSince: string | null;
  /** The account's name, or the name a guest gave in the chat. */
  visitorName: string | null;
  /** The last message as one line of plain text. */
  preview: string;
  /** The visitor's messages the signed-in staff member has not read. */
  unread: number;
  /** The host of the page the conversation started on. */
  site: string | null;
}

/** `GET /api/inbox`. */
export interface InboxCounts {
  needsPerson: number;
}

export interface ConversationMessage {
  sender: 'user' | 'bot';
  text: string;
  at: string;
  /** The staff member who wrote a bot message during a take-over. */
  by?: { id: string; name: string };
}

export interface ConversationDetail extends Conversation {
  messages: ConversationMessage[];
}

/** One day of `GET /api/stats`. */
export interface StatsDay {
  date: string;
  appointments: number;
  conversations: number;
  conversationsBooked: number;
}

export interface ItemResponse<T> {
  item: T;
}

export interface ListResponse<T> {
  items: T[];
}

/**
 * An API key as `GET /api/keys` lists it (never its secret): what an n8n workflow or an AI agent
 * signs in with, acting as staff of `role`. `createdBy` is null when no account made it.
 */
export interface ApiKey {
  id: string;
  name: string;
  /** The key's first part, `cbk_<id>`, to tell it apart from the others. */
  prefix: string;
  role: StaffRole;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  /** Since when it no longer works; null while it does. */
  revokedAt: string | null;
}

/** `GET /api/keys`, newest first, the revoked ones included. */
export interface ApiKeyList {
  keys: ApiKey[];
}

/** `POST /api/keys`: the whole key (`key`), given this once and never again. */
export interface CreatedApiKey {
  key: string;
  apiKey: ApiKey;
}

/** A conversation on a client's page; `preview` is the last message as plain text. */
export interface ClientConversation {
  sessionId: string;
  startedAt: string;
  lastMessageAt: string;
  preview: string;
}

/** `GET /api/clients/{id}`: a client's page. `note` is the staff's, never shown to the client. */
export interface ClientDetail {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  userId: string | null;
  note: string;
  citas: Appointment[];
  conversations: ClientConversation[];
}

/** `PATCH /api/clients/{id}`: the fields to change; `null` or '' removes an email or phone. */
export interface ClientPatch {
  name?: string;
  email?: string | null;
  phone?: string | null;
  note?: string;
}

/** What a message in the outbox is about (issue 13). */
export type MailKind =
  | 'booked'
  | 'confirmed'
  | 'moved'
  | 'cancelled'
  | 'reminder'
  | 'staff_new_booking'
  | 'staff_waiting'
  | 'review_request';

/**
 * Where a message stands: waiting to go (`pending`), delivered (`sent`), given up after the last
 * try (`failed`), written while no mail server was set, so never sent (`unsent`), or held back
 * by the per-address limit (`suppressed`).
 */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'unsent' | 'suppressed';

/** One message of `GET /api/mail` (newest first); instants are RFC 3339. */
export interface MailMessage {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sendAfter: string;
  sentAt: string | null;
  citaId: string | null;
  conversationId: string | null;
}

/** `GET /api/mail/{id}`: the message with its bodies and its calendar file, if any. */
export interface MailMessageDetail extends MailMessage {
  text: string;
  html: string;
  ics: string | null;
}

/** `GET /api/mail`: a page of the outbox, and whether mail is being sent at all. */
export interface MailPage extends ListResponse<MailMessage> {
  configured: boolean;
}

/**
 * A cita as its manage link shows it (`GET /api/manage/{token}`), to a guest who only holds the
 * link: what, when, with whom, where, and what the link still allows.
 */
export interface ManagedCita {
  id: string;
  date: string;
  startMin: number;
  endMin: number;
  status: AppointmentStatus;
  services: { id: string; name: string; durationMin: number; priceCents: number }[];
  staffId: string;
  staffName: string;
  clientName: string;
  clientConfirmed: boolean;
  canChange: boolean;
  canCancel: boolean;
  business: { name: string; phone: string; address: string };
}
