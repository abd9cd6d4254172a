import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage, MailMessageDetail } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import { apiError, fakeServerAs, type Handler } from '../../test/fakeServer';
import { enclosing, fixToday, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Dashboard } from '..';
import { MAIL_PAGE } from './Mail';
import { citaDayOf } from './mailText';

function message(index: number, changes: Partial<MailMessage> = {}): MailMessage {
  return {
    id: `m-${String(index)}`,
    kind: 'booked',
    to: `cliente${String(index)}@example.com`,
    subject: `Tu cita ${String(index)}`,
    status: 'sent',
    attempts: 1,
    lastError: null,
    // One an hour, going back from 10:00 UTC on the 23rd.
    createdAt: new Date(Date.parse('2026-11-23T10:00:00Z') - index * 3_600_000).toISOString(),
    sendAfter: '2026-11-23T10:00:00Z',
    sentAt: '2026-11-23T10:00:05Z',
    citaId: null,
    conversationId: null,
    ...changes,
  };
}

// The cita starts at 23:30 UTC on 3 December: already the 4th in Madrid.
const ICS = [
  'BEGIN:VCALENDAR',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:cita-9@citabot',
  'SEQUENCE:2',
  'DTSTART:20261203T233000Z',
  'DTEND:20261204T000000Z',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const FAILED = message(1, {
  kind: 'reminder',
  subject: 'Recordatorio: tu cita mañana',
  status: 'failed',
  attempts: 5,
  lastError: '421 4.7.0 Try again later',
  sentAt: null,
  citaId: 'cita-9',
  conversationId: 'sesion-7',
});

function detail(mail: MailMessage, changes: Partial<MailMessageDetail> = {}): MailMessageDetail {
  return {
    ...mail,
    text: `Hola:\n${mail.subject}`,
    html: `<p>${mail.subject}</p><script>parent.stolen = true</script>`,
    ics: ICS,
    ...changes,
  };
}

/** The outbox: `list` as the first page (any status asked), details by id, and `extra` routes. */
function outbox(list: MailMessage[], configured = true, extra: Handler = () => undefined) {
  return fakeServerAs(profile('administrador'), async (call) => {
    const answered = await extra(call);
    if (answered !== undefined) return answered;
    if (call.url.pathname === '/api/mail') return { body: { items: list, configured } };
    const found = list.find((mail) => call.url.pathname === `/api/mail/${mail.id}`);
    return found && call.method === 'GET' ? { body: { item: detail(found) } } : undefined;
  });
}

async function openCorreos() {
  renderWithProviders(<Dashboard path="/dashboard/correos" />);
  await screen.findByRole('heading', { level: 1, name: 'Correos' });
}

describe('Correos (issue 13)', () => {
  beforeEach(fixToday);

  it('lists each message: subject, kind, recipient, status and when, newest first', async () => {
    const server = outbox([
      message(0, { kind: 'staff_waiting', to: 'equipo@example.com', subject: 'Alguien espera' }),
      FAILED,
      message(2, { kind: 'moved', status: 'unsent', sentAt: null }),
      message(3, { kind: 'confirmed', status: 'suppressed', sentAt: null }),
      message(4, { kind: 'cancelled', status: 'pending', sendAfter: '2026-11-24T09:00:00Z' }),
    ]);
    await openCorreos();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Alguien esperaAviso al equipo: visitante esperandoequipo@example.comEnviadoEnviado 23/11/2026, 11:00',
      'Recordatorio: tu cita mañanaRecordatoriocliente1@example.comFallidoEscrito 23/11/2026, 10:00',
      'Tu cita 2Cambiocliente2@example.comSin enviarEscrito 23/11/2026, 09:00',
      'Tu cita 3Confirmacióncliente3@example.comRetenidoEscrito 23/11/2026, 08:00',
      'Tu cita 4Cancelacióncliente4@example.comPendienteSale 24/11/2026, 10:00',
    ]);
    expect(within(table).getByText('Fallido')).toHaveAttribute('data-mail-status', 'failed');
    const asked = server.to('/api/mail')[0]?.url.searchParams;
    expect(asked?.get('limit')).toBe(String(MAIL_PAGE));
    expect(asked?.has('status')).toBe(false);
    // Mail is configured: no banner.
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('names the staff’s new-booking alert and says when mail is not configured', async () => {
    outbox([message(0, { kind: 'staff_new_booking', status: 'unsent', sentAt: null })], false);
    await openCorreos();
    const banner = await screen.findByRole('note');
    expect(banner).toHaveTextContent('El correo no está configurado');
    expect(banner).toHaveTextContent('smtp_url');
    expect(screen.getByText('Aviso al equipo: nueva reserva')).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const server = outbox([], true, (call) =>
      call.url.pathname === '/api/mail' && call.url.searchParams.get('status') === 'failed'
        ? { body: { items: [FAILED], configured: true } }
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    expect(await screen.findByText('Todavía no se ha escrito ningún correo.')).toBeVisible();
    const filters = screen.getByRole('group', { name: 'Estado' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Todos', 'Pendiente', 'Enviado', 'Fallido', 'Sin enviar', 'Retenido']);
    await user.click(within(filters).getByRole('button', { name: 'Fallido' }));
    expect(
      await screen.findByRole('button', { name: 'Recordatorio: tu cita mañana' }),
    ).toBeVisible();
    await user.click(within(filters).getByRole('button', { name: 'Retenido' }));
    expect(await screen.findByText('No hay correos en estado «Retenido».')).toBeVisible();
    expect(server.to('/api/mail').map((call) => call.url.searchParams.get('status'))).toEqual([
      null,
      'failed',
      'suppressed',
    ]);
  });

  it('loads older messages from before the oldest shown', async () => {
    const firstPage = Array.from({ length: MAIL_PAGE }, (_, index) => message(index));
    const server = outbox(firstPage, true, (call) =>
      call.url.pathname === '/api/mail' && call.url.searchParams.has('before')
        ? { body: { items: [message(99, { subject: 'El más antiguo' })], configured: true } }
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('button', { name: 'El más antiguo' })).toBeVisible();
    // The server pages by id: several messages written together share their createdAt.
    expect(server.to('/api/mail').at(-1)?.url.searchParams.get('before')).toBe(
      firstPage.at(-1)?.id,
    );
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it('previews a message in a frame that runs nothing, with its text, .ics, error and links', async () => {
    outbox([message(0), FAILED]);
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Recordatorio: tu cita mañana' }));
    const preview = await screen.findByRole('region', { name: 'Recordatorio: tu cita mañana' });
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveFocus();
    const frame = await within(preview).findByTitle('Vista previa: Recordatorio: tu cita mañana');
    // sandbox="" with no allowance: no scripts, no same origin, no forms, no top navigation.
    expect(frame.getAttribute('sandbox')).toBe('');
    // Its own page, under its own policy (a srcdoc frame would inherit the site's, which blocks
    // the message's inline styles).
    expect(frame.getAttribute('src')).toBe(`/api/mail/${FAILED.id}/preview`);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    expect(preview).toHaveTextContent('Paracliente1@example.comTipoRecordatorio');
    expect(preview).toHaveTextContent('Fallido 5 intentos');
    expect(within(preview).getByText('421 4.7.0 Try again later')).toBeVisible();

    const ics = within(preview).getByRole('link', { name: 'Descargar el .ics' });
    expect(ics).toHaveAttribute('download', 'cita.ics');
    expect(decodeURIComponent(ics.getAttribute('href') ?? '')).toBe(
      `data:text/calendar;charset=utf-8,${ICS}`,
    );
    expect(within(preview).getByRole('link', { name: 'Ver la cita en la agenda' })).toHaveAttribute(
      'href',
      '/dashboard?dia=2026-12-04&cita=cita-9',
    );
    expect(within(preview).getByRole('link', { name: 'Ver la conversación' })).toHaveAttribute(
      'href',
      '/dashboard/conversaciones/sesion-7',
    );

    await user.click(within(preview).getByRole('button', { name: 'Texto sin formato' }));
    expect(within(preview).queryByTitle(/Vista previa/)).not.toBeInTheDocument();
    expect(
      within(preview).getByRole('region', { name: 'Texto sin formato del correo' }),
    ).toHaveTextContent('Hola: Recordatorio: tu cita mañana');
    await expectNoAxeViolations();

    await user.click(within(preview).getByRole('button', { name: 'Cerrar el correo' }));
    expect(screen.queryByRole('region', { name: /Recordatorio/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recordatorio: tu cita mañana' })).toHaveFocus();
  });

  it('offers no retry, .ics or links a message does not have', async () => {
    outbox([message(0)], true, (call) =>
      call.url.pathname === '/api/mail/m-0'
        ? { body: { item: detail(message(0), { ics: null }) } }
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Tu cita 0' }));
    const preview = await screen.findByRole('region', { name: 'Tu cita 0' });
    await within(preview).findByTitle('Vista previa: Tu cita 0');
    expect(within(preview).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(within(preview).queryByRole('link')).toBeNull();
    expect(within(preview).queryByText('Último error')).toBeNull();
  });

  it('retries a failed message and shows it pending again', async () => {
    const server = outbox([FAILED], true, (call) =>
      call.method === 'POST' && call.url.pathname === '/api/mail/m-1/retry'
        ? { body: { item: { ...FAILED, status: 'pending', attempts: 0 } } }
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Recordatorio: tu cita mañana' }));
    const preview = await screen.findByRole('region', { name: 'Recordatorio: tu cita mañana' });
    await user.click(await within(preview).findByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Correo en cola de nuevo')).toBeInTheDocument();
    expect(server.to('/api/mail/m-1/retry', 'POST')).toHaveLength(1);
    await waitFor(() => {
      expect(within(preview).queryByRole('button', { name: 'Reintentar' })).toBeNull();
    });
    expect(preview).toHaveTextContent('Pendiente 0 intentos');
    const row = enclosing(
      within(screen.getByRole('table')).getByRole('button', { name: /Recordatorio/ }),
      'tr',
    );
    expect(row).toHaveTextContent('Pendiente');
  });

  it('shows the server’s refusal of a retry in an error toast', async () => {
    outbox([FAILED], true, (call) =>
      call.method === 'POST'
        ? apiError(409, 'conflict', 'El correo no está configurado: no se puede reintentar.')
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Recordatorio: tu cita mañana' }));
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('El correo no está configurado: no se puede reintentar.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No se pudo reintentar el correo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  });

  it('tells an administrador when the outbox cannot be read', async () => {
    fakeServerAs(profile('administrador'), (call) =>
      call.url.pathname === '/api/mail'
        ? apiError(403, 'forbidden', 'Solo los administradores pueden ver los correos.')
        : undefined,
    );
    await openCorreos();
    expect(await screen.findByText('No se pudieron leer los correos.')).toBeVisible();
    expect(
      await screen.findByText('Solo los administradores pueden ver los correos.'),
    ).toBeInTheDocument();
  });

  it('says so when a message cannot be read', async () => {
    outbox([message(0)], true, (call) =>
      call.url.pathname === '/api/mail/m-0'
        ? apiError(404, 'not_found', 'Ese correo no existe.')
        : undefined,
    );
    const user = userEvent.setup();
    await openCorreos();
    await user.click(await screen.findByRole('button', { name: 'Tu cita 0' }));
    const preview = await screen.findByRole('region', { name: 'Correo' });
    expect(await within(preview).findByText('No se pudo leer este correo.')).toBeVisible();
    expect(await screen.findByText('Ese correo no existe.')).toBeInTheDocument();
    expect(within(preview).queryByTitle(/Vista previa/)).toBeNull();
  });

  it('is not offered to a usuario, and asks nothing for one', async () => {
    const server = fakeServerAs(profile('usuario'));
    renderWithProviders(<Dashboard path="/dashboard/correos" />);
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' });
    expect(within(nav).queryByRole('link', { name: 'Correos' })).toBeNull();
    expect(
      await screen.findByText('Solo los administradores pueden ver los correos.'),
    ).toBeVisible();
    expect(server.to('/api/mail')).toEqual([]);
  });
});

describe('citaDayOf', () => {
  it('reads the salon’s day of the cita from DTSTART', () => {
    expect(citaDayOf(ICS, 'Europe/Madrid')).toBe('2026-12-04');
    expect(citaDayOf(ICS, 'UTC')).toBe('2026-12-03');
    expect(citaDayOf('BEGIN:VEVENT\nDTSTART;TZID=Europe/Madrid:20261203T233000\n', 'UTC')).toBe(
      '2026-12-03',
    );
    expect(citaDayOf('BEGIN:VEVENT\nDTSTAMP:20261203T233000Z\n', 'UTC')).toBeNull();
  });
});
