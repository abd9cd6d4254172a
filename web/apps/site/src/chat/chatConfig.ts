/**
 * The site's chat configuration (SPEC §2, DESIGN S4): Spanish texts, welcome screen, history,
 * no streaming, the server's chat gateway, and the metadata sent with every request.
 *
 * The visitor is a guest for now: the gateway fills in the identity of signed-in users itself,
 * and sign-in arrives with a later issue.
 */
import type { ChatMetadata, ChatProps } from '@citabot/chat';

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
  role: 'guest' | 'cliente' | 'usuario' | 'administrador';
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
    cita: {
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
    },
    cita_servicio: [],
  };
}

/**
 * The chat widget's options for a page served from `origin`. The metadata is a function, so
 * every request carries the date it was sent on.
 */
export function chatOptions(origin: string): ChatProps {
  return {
    webhookUrl: new URL('/api/n8n/chat', origin).href,
    mode: 'window',
    showWelcomeScreen: true,
    loadPreviousSession: true,
    enableStreaming: false,
    defaultLanguage: 'es',
    i18n: {
      es: {
        title: 'Hola',
        subtitle: 'Inicia una conversación. Estamos para ayudarte.',
        getStarted: 'Nueva conversación',
        inputPlaceholder: 'Escribe tu pregunta...',
        closeButtonTooltip: 'Cerrar chat',
        footer: '',
      },
    },
    initialMessages: ['¡Hola! 👋', '¿En qué puedo ayudarte hoy?'],
    metadata: () => guestMetadata(new Date()),
  };
}
