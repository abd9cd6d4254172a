import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for WebAudio: records which notes were started. */
class FakeAudioContext {
  static started: number[] = [];
  currentTime = 0;
  destination = {};
  resume = vi.fn(() => Promise.resolve());
  createOscillator() {
    const frequency = { value: 0, setValueAtTime: (value: number) => (frequency.value = value) };
    return {
      type: 'sine',
      frequency,
      connect: (next: unknown) => next,
      start: () => FakeAudioContext.started.push(frequency.value),
      stop: () => undefined,
    };
  }
  createGain() {
    const node = {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (next: unknown) => next,
    };
    return node;
  }
}

const notifications: { title: string; body: string }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'default';
  readonly title: string;
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = 'granted';
    return Promise.resolve('granted' as const);
  });
  constructor(title: string, options: { body: string }) {
    this.title = title;
    notifications.push({ title, body: options.body });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  window.localStorage.clear();
  FakeAudioContext.started = [];
  notifications.length = 0;
  FakeNotification.permission = 'default';
});

describe('the inbox alerts', () => {
  it('are off until asked for; then chime with WebAudio and notify', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('Notification', FakeNotification);
    const alerts = await import('./inboxAlerts');
    expect(alerts.alertsEnabled()).toBe(false);

    expect(await alerts.setAlerts(true)).toBe('granted');
    expect(alerts.alertsEnabled()).toBe(true);
    alerts.playChime();
    expect(FakeAudioContext.started).toEqual([660, 880]);
    alerts.notify(2);
    expect(notifications).toEqual([
      {
        title: 'Alguien espera respuesta',
        body: '2 personas esperan a alguien del equipo en el chat.',
      },
    ]);

    await alerts.setAlerts(false);
    expect(alerts.alertsEnabled()).toBe(false);
  });

  it('notify nothing without permission, and stay quiet without WebAudio', async () => {
    vi.stubGlobal('AudioContext', undefined);
    vi.stubGlobal('Notification', FakeNotification);
    const alerts = await import('./inboxAlerts');
    FakeNotification.permission = 'denied';
    alerts.notify(1);
    alerts.playChime();
    expect(notifications).toEqual([]);
  });
});
