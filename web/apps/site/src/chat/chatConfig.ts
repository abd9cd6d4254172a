/**
 * The site's chat configuration (REQUIREMENTS S4): Spanish texts, straight into the conversation
 * (no welcome screen), history, no streaming, the server's chat gateway, and the metadata sent
 * with every request (with the drafts by role), worked out here as pure functions of who is
 * signed in and their profile.
 */
import type { ChatMetadata, ChatProps } from '@citabot/chat';
import type { Business, Profile } from '../api/types';

/** The chat's header title (and the window's name) until the salon's name is known. */
export const CHAT_TITLE = 'Hola';

/**
 * The chat's header title: the salon's name once the site's business data has loaded (and has
 * one), `CHAT_TITLE` until then or without it.
 */
export function chatTitle(business: Pick<Business, 'name'> | null): string {
  const name = business?.name.trim() ?? '';
  return name === '' ? CHAT_TITLE : name;
}

/**
 * The starters: the three things most visitors come for, offered as taps under the greeting
 * while the conversation has nothing in it yet.
 */
export const CHAT_STARTERS = ['Reservar cita', 'Ver precios', 'Horario y dirección'] as const;

/** An appointment draft (`cita`) as the assistant receives it. */
export interface CitaDraft {
  userId: string;
  clientId: string;
  clientName: string;
  clientEmail: string;
  date: string;
  startMin: number | null;
  startAt: string;
  endAt: string;
  status: 'pendiente';
  services: unknown[];
}

/** A link between an appointment and a service (`cita_servicio`). */
export interface CitaServicioDraft {
  appointmentId: string;
  serviceId: string;
}

/** The metadata sent with every chat request. */
export interface VisitorMetadata extends ChatMetadata {
  userId: string;
  email: string;
  name: string;
  phone: string;
  /** `guest`, or the account's role (`cliente`, `usuario`, `administrador`). */
  role: string;
  guest: boolean;
  /** Today in the browser's time zone, `yyyy-mm-dd`. */
  currentDate: string;
  currentDateISO: string;
  cita: CitaDraft;
  cita_servicio: CitaServicioDraft[];
}

/** `yyyy-mm-dd` of `now` in the browser's time zone. */
export function localDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${String(now.getFullYear())}-${month}-${day}`;
}

function emptyDraft(): CitaDraft {
  return {
    userId: '',
    clientId: '',
    clientName: '',
    clientEmail: '',
    date: '',
    startMin: null,
    startAt: '',
    endAt: '',
    status: 'pendiente',
    services: [],
  };
}

/** A guest's metadata at `now`: no identity and an empty `pendiente` draft. */
export function guestMetadata(now: Date): VisitorMetadata {
  return {
    userId: '',
    email: '',
    name: '',
    phone: '',
    role: 'guest',
    guest: true,
    currentDate: localDate(now),
    currentDateISO: now.toISOString(),
    cita: emptyDraft(),
    cita_servicio: [],
  };
}

/**
 * The metadata of `user` (signed in, or null for a guest) at `now`. Who they are comes from the
 * session; their name, phone and the draft's details come from `profile` (`GET /api/profile`), so
 * without it (not loaded, or the call failed) the draft stays empty (REQUIREMENTS S4). A cliente's
 * draft names them as the client; staff's draft names them as the one booking (S4).
 */
export function visitorMetadata(
  now: Date,
  user: Profile | null,
  profile: Profile | null,
): VisitorMetadata {
  const guest = guestMetadata(now);
  if (!user) return guest;
  const identity = { ...guest, userId: user.id, email: user.email, role: user.role, guest: false };
  if (!profile) return identity;

  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const cita =
    profile.role === 'cliente'
      ? { ...guest.cita, clientId: user.id, clientName: name, clientEmail: profile.email }
      : { ...guest.cita, userId: user.id };
  return { ...identity, role: profile.role, name, phone: profile.phone ?? '', cita };
}

/**
 * The chat widget's options for a page served from `origin`. `metadata` is called for every
 * request, so each carries the date it was sent on and the latest profile. `headers` go with
 * every request: a signed-in visitor's CSRF token (the widget is rebuilt when the user changes,
 * and a new session means a new user, so the token is fixed for a widget's life).
 */
export function chatOptions(
  origin: string,
  metadata: () => VisitorMetadata = () => guestMetadata(new Date()),
  headers: Record<string, string> = {},
): ChatProps {
  return {
    webhookUrl: new URL('/api/n8n/chat', origin).href,
    webhookConfig: { method: 'POST', headers },
    mode: 'window',
    // Opening the chat is the start: the greeting, the starters as taps and the input ready, with
    // no "Nueva conversación" to tap first (on a phone, one tap less before typing).
    showWelcomeScreen: false,
    loadPreviousSession: true,
    enableStreaming: false,
    defaultLanguage: 'es',
    i18n: {
      es: {
        title: CHAT_TITLE,
        subtitle: 'Responde al momento',
        inputPlaceholder: 'Escribe tu pregunta...',
        closeButtonTooltip: 'Cerrar chat',
        footer: '',
      },
    },
    initialMessages: ['¡Hola! 👋', '¿En qué puedo ayudarte hoy?'],
    starters: [...CHAT_STARTERS],
    metadata,
  };
}
