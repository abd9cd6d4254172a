import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewInvitationView, ReviewView } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import { apiError, fakeServer, type Answer, type Handler } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { reviewToken } from './ReviewPage';

const TOKEN = 'YzEyM3wxOTAw.abc-_9';
const API = `/api/review/${TOKEN}`;

/** Ana's completed cita of Thursday 3 December 2026, 10:00, with Lucía. */
function invitation(review: ReviewView | null = null): ReviewInvitationView {
  return {
    salonName: 'Peluquería Lucía',
    date: '2026-12-03',
    startMin: 600,
    services: ['Corte de pelo'],
    staffName: 'Lucía',
    review,
  };
}

const ANA_REVIEW: ReviewView = {
  id: 'r-1',
  rating: 4,
  comment: 'Muy contenta con el corte.',
  author: 'Ana G.',
  createdAt: '2026-12-03T18:00:00Z',
  reply: null,
  repliedAt: null,
  hidden: false,
  demo: false,
};

function serve(answer: Answer, routes: Record<string, Handler | Answer> = {}) {
  return fakeServer({ [`GET ${API}`]: answer, ...routes });
}

// The chat widget's history request is a POST that reads: not a write.
const readsHistory = (body: unknown) =>
  (body as { action?: unknown } | undefined)?.action === 'loadPreviousSession';

afterEach(() => {
  document.head.querySelectorAll('meta[name="referrer"]').forEach((meta) => {
    meta.remove();
  });
});

describe('the review link’s page (/opinion/<token>)', () => {
  it('reads the token from the path', () => {
    expect(reviewToken(`/opinion/${TOKEN}`)).toBe(TOKEN);
    expect(reviewToken('/opinion/')).toBeNull();
    expect(reviewToken('/opinion/a/b')).toBeNull();
    expect(reviewToken(`/cita/${TOKEN}`)).toBeNull();
  });

  it('shows the cita and the stars the email chose, sends nothing by being opened', async () => {
    const server = serve({ body: { item: invitation() } });
    renderApp(`/opinion/${TOKEN}?estrellas=4`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '¿Qué tal tu cita en Peluquería Lucía?',
      }),
    ).toBeVisible();
    expect(
      screen.getByText('Tu cita del jueves 3 de diciembre a las 10:00 · Corte de pelo · con Lucía'),
    ).toBeVisible();
    const stars = screen.getByRole('group', { name: 'Tu valoración' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(stars).getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '1 estrella' })).not.toBeChecked();
    expect(
      screen.getByText(/se publica en nuestra página con tu nombre y la inicial de tu apellido/),
    ).toBeVisible();
    // The link is the credential: no referrer leaves the page.
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute(
      'content',
      'no-referrer',
    );
    expect(
      server.requests.filter((call) => call.method !== 'GET' && !readsHistory(call.body)),
    ).toEqual([]);
    await expectNoAxeViolations();
  });

  it('preselects nothing without a valid ?estrellas, and asks for stars before sending', async () => {
    const server = serve({ body: { item: invitation() } });
    const user = userEvent.setup();
    renderApp(`/opinion/${TOKEN}?estrellas=9`);
    const stars = await screen.findByRole('group', { name: 'Tu valoración' });
    expect(within(stars).queryByRole('radio', { checked: true })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar opinión' }));
    expect(stars).toHaveAccessibleDescription('Elige de 1 a 5 estrellas.');
    expect(server.to(API, 'POST')).toEqual([]);
  });

  it('moves through the stars with the arrow keys', async () => {
    serve({ body: { item: invitation() } });
    const user = userEvent.setup();
    renderApp(`/opinion/${TOKEN}?estrellas=2`);
    const two = await screen.findByRole('radio', { name: '2 estrellas' });
    two.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 estrellas' })).toBeChecked();
  });

  it('sends the stars and the words, then thanks and shows them', async () => {
    const server = serve(
      { body: { item: invitation() } },
      {
        [`POST ${API}`]: (call) => ({
          status: 201,
          body: { item: { ...ANA_REVIEW, ...(call.body as object) } },
        }),
      },
    );
    const user = userEvent.setup();
    renderApp(`/opinion/${TOKEN}?estrellas=4`);
    const comment = await screen.findByRole('textbox', { name: 'Cuéntanos qué tal (opcional)' });
    expect(comment).toHaveAccessibleDescription('0 de 1000 caracteres');
    await user.type(comment, '  Genial, como siempre. ');
    expect(comment).toHaveAccessibleDescription('24 de 1000 caracteres');
    await user.click(screen.getByRole('radio', { name: '5 estrellas' }));
    await user.click(screen.getByRole('button', { name: 'Enviar opinión' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu opinión!' }),
    ).toBeVisible();
    expect(server.to(API, 'POST').map((call) => call.body)).toEqual([
      { rating: 5, comment: 'Genial, como siempre.' },
    ]);
    const given = screen.getByRole('region', { name: 'Tu opinión' });
    expect(within(given).getByText('5 de 5 estrellas')).toBeInTheDocument();
    expect(within(given).getByText('Genial, como siempre.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enviar opinión' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
  });

  it('counts a comment to 1000 characters and refuses more before sending', async () => {
    serve({ body: { item: invitation() } });
    const user = userEvent.setup();
    renderApp(`/opinion/${TOKEN}?estrellas=3`);
    const comment = await screen.findByRole('textbox', { name: /Cuéntanos/ });
    await user.click(comment);
    await user.paste('a'.repeat(1001));
    expect(comment).toHaveAccessibleDescription(/1001 de 1000 caracteres/);
    expect(screen.getByText('Como mucho 1000 caracteres.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar opinión' })).toBeDisabled();
  });

  it('shows the server’s refusal of a second review', async () => {
    serve(
      { body: { item: invitation() } },
      {
        [`POST ${API}`]: apiError(
          409,
          'conflict',
          'Ya nos diste tu opinión de esta cita. ¡Gracias!',
        ),
      },
    );
    const user = userEvent.setup();
    renderApp(`/opinion/${TOKEN}?estrellas=5`);
    await user.click(await screen.findByRole('button', { name: 'Enviar opinión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ya nos diste tu opinión de esta cita. ¡Gracias!',
    );
  });

  it('shows the review already given, with the salon’s answer, and no form', async () => {
    serve({
      body: { item: invitation({ ...ANA_REVIEW, reply: '¡Gracias, Ana!' }) },
    });
    renderApp(`/opinion/${TOKEN}?estrellas=1`);
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Gracias por tu opinión!' }),
    ).toBeVisible();
    const given = screen.getByRole('region', { name: 'Tu opinión' });
    expect(within(given).getByText('4 de 5 estrellas')).toBeInTheDocument();
    expect(within(given).getByText('Muy contenta con el corte.')).toBeVisible();
    expect(within(given).getByText('¡Gracias, Ana!')).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says when the cita is not completed yet', async () => {
    serve(
      apiError(
        409,
        'conflict',
        'Podrás dar tu opinión cuando el salón marque la cita como completada.',
      ),
    );
    renderApp(`/opinion/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Todavía no puedes opinar' }),
    ).toBeVisible();
    expect(
      screen.getByText('Podrás dar tu opinión cuando el salón marque la cita como completada.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('says when the link is not valid', async () => {
    serve(apiError(404, 'not_found', 'Este enlace no es válido o ha caducado.'));
    renderApp(`/opinion/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enlace no válido' }),
    ).toBeVisible();
    expect(screen.getByText('Este enlace no es válido o ha caducado.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations();
  });
});
