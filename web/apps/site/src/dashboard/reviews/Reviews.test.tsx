import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewList, ReviewPatch, ReviewView } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import { fakeServerAs } from '../../test/fakeServer';
import { fixToday, profile } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Dashboard } from '..';
import { STAFF_REVIEW_PAGE } from '../../api/reviews';

configure({ asyncUtilTimeout: 5000 });

function review(id: string, changes: Partial<ReviewView> = {}): ReviewView {
  return {
    id,
    rating: 5,
    comment: 'Un trato estupendo.',
    author: 'Marta R.',
    createdAt: '2026-11-20T18:00:00Z',
    reply: null,
    repliedAt: null,
    hidden: false,
    demo: false,
    ...changes,
  };
}

/** A staff member's reviews: PATCH changes them as the server would. */
function reviewsServer(items: ReviewView[], total = items.length) {
  const kept = new Map(items.map((each) => [each.id, each]));
  return fakeServerAs(profile('usuario'), (call) => {
    const path = call.url.pathname;
    if (path === '/api/reviews' && call.method === 'GET') {
      const offset = Number(call.url.searchParams.get('offset') ?? 0);
      const limit = Number(call.url.searchParams.get('limit') ?? 20);
      const list: ReviewList = {
        summary: { count: total, average: 4.5 },
        items: [...kept.values()].slice(offset, offset + limit),
      };
      return { body: list };
    }
    const id = /^\/api\/reviews\/(.+)$/.exec(path)?.[1];
    if (id !== undefined && call.method === 'PATCH') {
      const patch = call.body as ReviewPatch;
      const current = kept.get(id);
      if (!current) return undefined;
      const changed: ReviewView = {
        ...current,
        ...(patch.hidden === undefined || patch.hidden === null ? {} : { hidden: patch.hidden }),
        ...(patch.reply === undefined
          ? {}
          : // An empty answer takes it back, as null does.
            patch.reply === null || patch.reply === ''
            ? { reply: null, repliedAt: null }
            : { reply: patch.reply, repliedAt: '2026-11-23T10:00:00Z' }),
      };
      kept.set(id, changed);
      return { body: { item: changed } };
    }
    return undefined;
  });
}

async function openSection() {
  renderWithProviders(<Dashboard path="/dashboard/opiniones" />);
  const section = await screen.findByRole('region', { name: 'Opiniones' });
  return within(section).findByRole('list');
}

describe('Opiniones in the dashboard', () => {
  beforeEach(fixToday);

  it('lists every review, the hidden ones marked, with the web’s average', async () => {
    reviewsServer([
      review('r-1', { reply: 'Gracias, Marta.' }),
      review('r-2', { author: 'Pablo O.', rating: 2, hidden: true, comment: 'Esperé mucho.' }),
      review('r-3', { author: 'Elena S.', demo: true }),
    ]);
    const list = await openSection();
    expect(screen.getByText('4,5 de 5')).toBeVisible();
    const [marta, pablo, elena] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(marta).toHaveTextContent('Respuesta del salónGracias, Marta.');
    expect(within(marta).queryByText('Oculta:')).toBeNull();
    expect(pablo).toHaveTextContent('Oculta: no se ve en la web.');
    expect(
      within(pablo).getByRole('button', { name: 'Mostrar la opinión de Pablo O.' }),
    ).toBeVisible();
    expect(within(elena).getByText('Opinión de demostración')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('answers a review, edits the answer and takes it back', async () => {
    const server = reviewsServer([review('r-1')]);
    const user = userEvent.setup();
    const list = await openSection();
    await user.click(within(list).getByRole('button', { name: 'Responder a Marta R.' }));
    const form = screen.getByRole('form', { name: 'Respuesta a Marta R.' });
    const text = within(form).getByRole('textbox', { name: 'Respuesta del salón' });
    expect(text).toHaveFocus();
    await user.type(text, ' ¡Gracias por venir! ');
    await user.click(within(form).getByRole('button', { name: 'Guardar respuesta' }));
    expect(await within(list).findByText('¡Gracias por venir!')).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Editar la respuesta a Marta R.' }));
    const again = within(screen.getByRole('form')).getByRole('textbox');
    expect(again).toHaveValue('¡Gracias por venir!');
    await user.clear(again);
    await user.type(again, 'Gracias, Marta.');
    await user.click(screen.getByRole('button', { name: 'Guardar respuesta' }));
    expect(await within(list).findByText('Gracias, Marta.')).toBeVisible();

    await user.click(within(list).getByRole('button', { name: 'Quitar la respuesta a Marta R.' }));
    await waitFor(() => {
      expect(within(list).queryByText('Respuesta del salón')).toBeNull();
    });
    expect(server.to('/api/reviews/r-1', 'PATCH').map((call) => call.body as ReviewPatch)).toEqual([
      { reply: '¡Gracias por venir!' },
      { reply: 'Gracias, Marta.' },
      { reply: null },
    ]);
  });

  it('hides a review from the web and shows it again', async () => {
    const server = reviewsServer([review('r-1')]);
    const user = userEvent.setup();
    const list = await openSection();
    await user.click(within(list).getByRole('button', { name: 'Ocultar la opinión de Marta R.' }));
    expect(await within(list).findByText('Oculta:')).toBeVisible();
    expect(await screen.findByText('Opinión oculta')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Mostrar la opinión de Marta R.' }));
    await waitFor(() => {
      expect(within(list).queryByText('Oculta:')).toBeNull();
    });
    expect(server.to('/api/reviews/r-1', 'PATCH').map((call) => call.body as ReviewPatch)).toEqual([
      { hidden: true },
      { hidden: false },
    ]);
  });

  it('pages on by offset behind "Cargar más"', async () => {
    const many = Array.from({ length: STAFF_REVIEW_PAGE + 2 }, (_, index) =>
      review(`r-${String(index)}`, { author: `Cliente ${String(index)}.` }),
    );
    const server = reviewsServer(many);
    const user = userEvent.setup();
    const list = await openSection();
    expect(within(list).getAllByRole('listitem')).toHaveLength(STAFF_REVIEW_PAGE);
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(STAFF_REVIEW_PAGE + 2);
    });
    expect(server.to('/api/reviews').map((call) => call.url.searchParams.get('offset'))).toEqual([
      '0',
      String(STAFF_REVIEW_PAGE),
    ]);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('says when there are none yet', async () => {
    reviewsServer([]);
    renderWithProviders(<Dashboard path="/dashboard/opiniones" />);
    expect(await screen.findByText(/Todavía no hay opiniones/)).toBeVisible();
  });
});
