import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewList, ReviewView } from '../../api/types';
import { expectNoAxeViolations } from '../../test/axe';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

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

const REVIEWS: ReviewList = {
  summary: { count: 12, average: 4.8 },
  items: [
    review('r-1', {
      comment: 'Lucía me dejó el color justo como quería.',
      reply: '¡Gracias, Marta! Te esperamos.',
    }),
    review('r-2', {
      author: 'Pablo O.',
      rating: 4,
      comment: '',
      createdAt: '2026-11-19T23:30:00Z',
    }),
    review('r-3', { author: 'Elena S.', demo: true, comment: 'Muy buen corte.' }),
  ],
};

function structuredData(): Record<string, unknown> {
  const script = document.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
}

describe('the landing page’s reviews', () => {
  it('shows the average, the count and the newest reviews with the salon’s answers', async () => {
    const server = fakeServer({ 'GET /api/reviews': { body: REVIEWS } });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Opiniones' });
    expect(server.to('/api/reviews')[0]?.url.searchParams.get('limit')).toBe('6');
    // The stars are drawn for the eye; the words say the average.
    expect(within(section).getByText('4,8 de 5')).toBeVisible();
    expect(within(section).getByText('· 12 opiniones')).toBeVisible();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('5 de 5 estrellas');
    expect(first).toHaveTextContent('Marta R.');
    expect(first).toHaveTextContent('20 de noviembre de 2026');
    expect(first).toHaveTextContent('Lucía me dejó el color justo como quería.');
    expect(first).toHaveTextContent('Respuesta del salón¡Gracias, Marta! Te esperamos.');
    // 23:30 UTC on the 19th is already the 20th in Madrid.
    expect(second).toHaveTextContent('4 de 5 estrellasPablo O.20 de noviembre de 2026');
    expect(within(third).getByText('Opinión de demostración')).toBeVisible();
    expect(within(first).queryByText('Opinión de demostración')).toBeNull();
    await expectNoAxeViolations();
  });

  it('puts the real reviews and their rating in the JSON-LD, not the demo’s', async () => {
    // Every shown review is read: the rating is counted from the real ones.
    const all: ReviewList = { ...REVIEWS, summary: { count: 3, average: 4.7 } };
    fakeServer({ 'GET /api/reviews': { body: all } });
    renderApp('/');
    await screen.findByRole('region', { name: 'Opiniones' });
    await waitFor(() => {
      expect(structuredData()).toHaveProperty('aggregateRating');
    });
    const data = structuredData();
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect((data.review as { author: { name: string } }[]).map((each) => each.author.name)).toEqual(
      ['Marta R.', 'Pablo O.'],
    );
  });

  it('leaves out the hidden reviews staff are sent', async () => {
    const withHidden: ReviewList = {
      ...REVIEWS,
      items: [...REVIEWS.items, review('r-4', { author: 'Oculto O.', hidden: true })],
    };
    fakeServer({ 'GET /api/reviews': { body: withHidden } });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Opiniones' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section).queryByText('Oculto O.')).toBeNull();
  });

  it('has no section, and no rating in the JSON-LD, when there are no reviews', async () => {
    fakeServer({ 'GET /api/reviews': { body: { summary: { count: 0, average: 0 }, items: [] } } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Corte de pelo' });
    await waitFor(() => {
      expect(structuredData()).toHaveProperty('@type', 'HairSalon');
    });
    expect(screen.queryByRole('region', { name: 'Opiniones' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Opiniones' })).toBeNull();
    expect(structuredData()).not.toHaveProperty('aggregateRating');
  });

  it('keeps the section’s room while the reviews load, and leaves quietly when they fail', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fakeServer({
      'GET /api/reviews': () =>
        new Promise((resolve) => {
          answer = () => {
            resolve(new Error('network'));
          };
        }),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Corte de pelo' });
    expect(document.querySelector('.skeleton-block')).toHaveStyle({ height: '17rem' });
    answer(undefined);
    await waitFor(() => {
      expect(document.querySelector('.skeleton-block')).toBeNull();
    });
    expect(screen.queryByRole('region', { name: 'Opiniones' })).toBeNull();
    // Optional content: no error toast for it.
    expect(screen.queryByText('No se pudo conectar con el servidor.')).toBeNull();
  });
});
