/**
 * Telling staff that a visitor asks for a person: a short chime made with WebAudio (nothing is
 * downloaded) and a browser notification. Both are opt-in: a browser plays sound only after a
 * click on the page, and asks before showing notifications, so the "Activar avisos" button does
 * both at once and the choice is remembered in this browser.
 */

const PREFERENCE_KEY = 'citabot/dashboard-alerts';

let audio: AudioContext | null = null;

/** Whether this browser asked for the alerts. */
export function alertsEnabled(): boolean {
  try {
    return window.localStorage.getItem(PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

function audioContext(): AudioContext | null {
  if (audio !== null) return audio;
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (Context === undefined) return null;
  audio = new Context();
  return audio;
}

/** Turns the alerts on (from a click: that is when sound may start) or off. */
export async function setAlerts(on: boolean): Promise<NotificationPermission | 'unsupported'> {
  try {
    window.localStorage.setItem(PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  if (!on) return 'default';
  await audioContext()?.resume();
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'default') return Notification.requestPermission();
  return Notification.permission;
}

/** Two short notes, rising: about half a second, quiet. */
export function playChime(): void {
  const context = audioContext();
  if (context === null) return;
  void context.resume();
  const start = context.currentTime + 0.01;
  [660, 880].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
  });
}

/** The browser notification, when allowed; one at a time (a newer one replaces it). */
export function notify(waiting: number): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const body =
    waiting === 1
      ? 'Una persona ha pedido hablar con el equipo en el chat.'
      : `${waiting} personas esperan a alguien del equipo en el chat.`;
  new Notification('Alguien espera respuesta', { body, tag: 'citabot-inbox' });
}
