/**
 * The bodies of the server's site, dashboard and auth APIs (docs/DASHBOARD-API.md) under the
 * names the pages use: aliases of the OpenAPI document's schemas (`schema.ts`, generated from
 * `openapi.json`), so a change there shows here. Hand-written are only what the document does not
 * describe (its enumerations, written there as `string`) and what it describes wrongly, each with
 * a comment saying how. Types only: the calls live with the pages that make them.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

/**
 * Who is signed in; `guest` is nobody. Staff are `usuario` and `administrador`. The document
 * writes a role as `string`; these are the values the server sends.
 */
export type Role = 'cliente' | 'usuario' | 'administrador';

/** The roles of the staff, the ones an API key may act with too. */
export type StaffRole = Exclude<Role, 'cliente'>;

/** The signed-in person's account. */
export type Profile = Schemas['Profile'];

/** `GET /api/auth/session` and the login and sign-up answers. */
export type SessionInfo = Schemas['SessionResponse'];

/** One opening period; `weekday` 1 = Monday … 7 = Sunday, minutes after local midnight. */
export type OpeningPeriod = Schemas['OpeningPeriodView'];

/** A date range (inclusive, local `YYYY-MM-DD`) the salon is closed or a stylist is off. */
export type DateRange = Schemas['DaysOffView'];

export type FaqEntry = Schemas['FaqEntry'];

export type BookingRules = Schemas['BookingRulesView'];

/** A bookable stylist as the public business answer lists them (never contact data). */
export type TeamMember = Schemas['TeamMemberView'];

/** `GET /api/business`; `mail` only for staff. */
export type Business = Schemas['BusinessView'];

/** The salon's mail settings in "Ajustes". */
export type MailSettings = Schemas['MailSettingsView'];

/** `GET /api/staff/{id}/schedule`. */
export type StaffSchedule = Schemas['ScheduleView'];

export type Service = Schemas['ServiceView'];

/** A cita's status; the document writes it as `string`. */
export type AppointmentStatus =
  'pendiente' | 'confirmada' | 'completada' | 'cancelada' | 'no_presentado';

export type Appointment = Schemas['AppointmentView'];

/** A cita of `GET /api/business/outside-rules`, with why it is now outside the rules. */
export type OutsideRulesAppointment = Schemas['OutsideRulesView'];

/**
 * `POST /api/appointments` (201) and `PATCH /api/appointments/{id}`: the cita as written, and a
 * Spanish sentence when the write released a time a visitor was holding in the chat.
 */
export type AppointmentWriteResponse = Schemas['AppointmentResponse'];

/**
 * A time held for a chat (`GET /api/holds`): a visitor picked it and is giving their details, so
 * nobody else is offered it until `expiresAt` (an RFC 3339 instant). `conversationId` is the
 * chat session's id.
 */
export type Hold = Schemas['HoldView'];

/** A free start time of `GET /api/availability`, with the staff free then. */
export type AvailableStart = Schemas['FreeStart'];

/**
 * A staff member as `GET /api/staff`, `POST /api/staff` and `PATCH /api/staff/{id}` answer.
 * The document says `StaffView` is `{ id, name }`; the server sends the fields below (fixed with
 * the OpenAPI issue). Two server types share the name `StaffView` (the staff API's and the
 * conversations' `takenOverBy`/`by`), and the document kept only the conversations' one.
 * client.ts's `Corrections` gives these answers this type.
 */
export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** `usuario` or `administrador` (`cliente` right after being taken off the staff). */
  role: Role;
}

export type Client = Schemas['ClientView'];

export type Conversation = Schemas['ConversationView'];

/** `GET /api/inbox`. */
export type InboxCounts = Schemas['InboxCounts'];

/** A message of a conversation: `sender` is `user` or `bot`, `by` who wrote a take-over's. */
export type ConversationMessage = Schemas['MessageView'];

export type ConversationDetail = Schemas['ConversationDetail'];

/** One day of `GET /api/stats`. */
export type StatsDay = Schemas['DayStats'];

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
export type ApiKey = Schemas['KeyView'];

/** `GET /api/keys`, newest first, the revoked ones included. */
export type ApiKeyList = Schemas['KeyList'];

/** `POST /api/keys`: the whole key (`key`), given this once and never again. */
export type CreatedApiKey = Schemas['CreatedKeyResponse'];

/** A conversation on a client's page; `preview` is the last message as plain text. */
export type ClientConversation = Schemas['ClientConversationView'];

/** `GET /api/clients/{id}`: a client's page. `note` is the staff's, never shown to the client. */
export type ClientDetail = Schemas['ClientDetailView'];

/** `PATCH /api/clients/{id}`: the fields to change; `null` or '' removes an email or phone. */
export type ClientPatch = Schemas['ClientPatch'];

/** What a message in the outbox is about (issue 13); the document writes it as `string`. */
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
 * by the per-address limit (`suppressed`). The document writes it as `string`.
 */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'unsent' | 'suppressed';

/** One message of `GET /api/mail` (newest first); instants are RFC 3339. */
export type MailMessage = Schemas['MailView'];

/** `GET /api/mail/{id}`: the message with its bodies and its calendar file, if any. */
export type MailMessageDetail = Schemas['MailDetailView'];

/** `GET /api/mail`: a page of the outbox, and whether mail is being sent at all. */
export type MailPage = Schemas['MailList'];

/**
 * A cita as its manage link shows it (`GET /api/manage/{token}`), to a guest who only holds the
 * link: what, when, with whom, where, and what the link still allows.
 */
export type ManagedCita = Schemas['ManagedView'];

/* Reviews, booking without the chat and the demo's week (issue 24). */

/** A client's review of a completed cita; instants are RFC 3339. */
export type ReviewView = Schemas['ReviewView'];
/** `GET /api/reviews`: newest first; the summary counts the shown reviews only. */
export type ReviewList = Schemas['ReviewList'];
/** What staff change of a review (`PATCH /api/reviews/{id}`): `null` or '' takes the answer back. */
export type ReviewPatch = Schemas['ReviewPatch'];
/** `GET /api/review/{token}`: the cita a review link names, and its review once given. */
export type ReviewInvitationView = Schemas['ReviewInvitationView'];
/** `POST /api/review/{token}`. */
export type NewReview = Schemas['NewReview'];
/** One of `GET /api/availability/next`'s times: the first of a morning or an afternoon. */
export type NextTime = Schemas['NextTime'];
/** `POST /api/bookings`: a time booked from the landing page, without the chat. */
export type NewBooking = Schemas['NewBooking'];
/** The cita `POST /api/bookings` made. */
export type BookedView = Schemas['BookedView'];
/** `DELETE /api/demo`. */
export type DemoRemoved = Schemas['DemoRemoved'];
