import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Business } from '../api/types';
import { expectNoAxeViolations } from '../test/axe';
import { business, fakeServer, type Answer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';

/** The fixture salon with everything the landing page can show filled in. */
const fullBusiness: Business = {
  ...business,
  description: 'Tu peluquería de barrio en el centro de Madrid.',
  address: { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' },
  phone: '+34 600 12 34 56',
  email: 'hola@lucia.example',
  faq: [
    { question: '¿Hay que pedir cita?', answer: 'Sí, por chat o por teléfono.' },
    { question: '¿Se puede pagar con tarjeta?', answer: 'Sí, con tarjeta y Bizum.' },
  ],
  team: [
    { id: 'u-1', firstName: 'Lucía', serviceIds: [] },
    { id: 'u-2', firstName: 'Javier', serviceIds: [] },
  ],
  closures: [],
};

describe('the landing page', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 10:30 in Madrid: open (10:00–20:00 on Mondays).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:30:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sells the salon: open now, address with a map link, phone, team, services and FAQ', async () => {
    fakeServer({ 'GET /api/business': { body: { item: fullBusiness } } });
    renderApp('/');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Abierto ahora · cierra a las 20:00')).toBeVisible();
    expect(within(main).getByText('Tu peluquería de barrio en el centro de Madrid.')).toBeVisible();
    // The hero's picture is drawn inline (no download) and decorative.
    const picture = main.querySelector('svg.hero-art');
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    expect(picture?.querySelectorAll('path, circle').length).toBeGreaterThan(5);

    const visit = within(main).getByRole('region', { name: 'Visítanos' });
    expect(within(visit).getByText(/Calle Mayor 1, 28013 Madrid/)).toBeVisible();
    expect(within(visit).getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Calle%20Mayor%201%2C%2028013%20Madrid',
    );
    expect(within(visit).getByRole('link', { name: '+34 600 12 34 56' })).toHaveAttribute(
      'href',
      'tel:+34600123456',
    );
    expect(within(main).getByRole('link', { name: 'Llamar' })).toHaveAttribute(
      'href',
      'tel:+34600123456',
    );

    const team = within(main).getByRole('region', { name: 'Nuestro equipo' });
    expect(
      within(team)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['LLucía', 'JJavier']);

    const services = within(main).getByRole('region', { name: 'Servicios' });
    expect(await within(services).findByRole('heading', { name: 'Corte de pelo' })).toBeVisible();
    expect(within(services).getByRole('button', { name: 'Reservar Corte de pelo' })).toBeVisible();
    expect(within(services).getByText('30 min')).toBeVisible();

    const faq = within(main).getByRole('region', { name: 'Preguntas frecuentes' });
    const question = within(faq).getByText('¿Hay que pedir cita?');
    expect(question.tagName).toBe('SUMMARY');
    expect(question.closest('details')).not.toHaveAttribute('open');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Calle Mayor 1, 28013 Madrid')).toBeInTheDocument();
  });

  it('says when it opens next on a day it is closed', async () => {
    // Wednesday: closed all day; Saturday opens at 10:00 after Thursday and Friday, also closed.
    vi.setSystemTime(new Date('2026-11-25T09:30:00Z'));
    fakeServer({ 'GET /api/business': { body: { item: fullBusiness } } });
    renderApp('/');
    expect(await screen.findByText('Cerrado · abre el sábado a las 10:00')).toBeVisible();
  });

  it('puts the salon in the page as HairSalon JSON-LD', async () => {
    fakeServer({ 'GET /api/business': { body: { item: fullBusiness } } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Corte de pelo' });
    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'HairSalon',
      name: 'Peluquería Lucía',
      telephone: '+34 600 12 34 56',
      address: { streetAddress: 'Calle Mayor 1', addressLocality: 'Madrid' },
    });
  });

  it('books a service from its "Reservar": the chat opens and asks for it', async () => {
    vi.useRealTimers();
    const server = fakeServer({
      'GET /api/business': { body: { item: fullBusiness } },
      'POST /api/n8n/chat': (request) =>
        (request.body as { action: string }).action === 'loadPreviousSession'
          ? { body: { data: [] } }
          : { body: { output: '¿Para qué día quieres el tinte?' } },
    });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('button', { name: 'Abrir chat' });
    await user.click(await screen.findByRole('button', { name: 'Reservar Tinte' }));
    const chat = await screen.findByRole('dialog', { name: fullBusiness.name });
    expect(await within(chat).findByText('¿Para qué día quieres el tinte?')).toBeVisible();
    const sends = server
      .to('/api/n8n/chat')
      .map((request) => request.body as { action: string; chatInput?: string })
      .filter((body) => body.action === 'sendMessage');
    expect(sends.map((body) => body.chatInput)).toEqual(['Quiero reservar Tinte']);
  });

  it('shows the salon’s photo in the hero once it has one, and its logo in the header and the chat', async () => {
    const withPictures: Business = {
      ...fullBusiness,
      logoUrl: '/api/business/logo?v=0123456789abcdef',
      heroUrl: '/api/business/hero?v=fedcba9876543210',
    };
    fakeServer({ 'GET /api/business': { body: { item: withPictures } } });
    renderApp('/');
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Peluquería Lucía' });
    const photo = main.querySelector('.landing-hero img.hero-photo');
    expect(photo).toHaveAttribute('src', '/api/business/hero?v=fedcba9876543210');
    // Decorative, like the illustration it replaces.
    expect(photo).toHaveAttribute('alt', '');
    expect(main.querySelector('svg.hero-art')).toBeNull();
    expect(document.querySelector('.site-header img.brand-mark')).toHaveAttribute(
      'src',
      '/api/business/logo?v=0123456789abcdef',
    );
    expect(document.querySelector('.citabot-chat .chat-avatar img')).toHaveAttribute(
      'src',
      '/api/business/logo?v=0123456789abcdef',
    );
    await expectNoAxeViolations();

    // A photo that cannot be loaded gives way to the illustration.
    if (photo) fireEvent.error(photo);
    expect(main.querySelector('img.hero-photo')).toBeNull();
    expect(main.querySelector('svg.hero-art')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the bundled illustration and the initials while the salon has no pictures', async () => {
    fakeServer({ 'GET /api/business': { body: { item: { ...fullBusiness, heroUrl: null } } } });
    renderApp('/');
    const main = screen.getByRole('main');
    // While the business loads, the picture's room is kept empty (no illustration flashing by).
    expect(main.querySelector('.hero-pending')).not.toBeNull();
    await within(main).findByRole('heading', { level: 1, name: 'Peluquería Lucía' });
    expect(main.querySelector('svg.hero-art')).not.toBeNull();
    expect(main.querySelector('img')).toBeNull();
    expect(document.querySelector('.site-header .brand-mark')).toHaveTextContent('PL');
    expect(document.querySelector('.citabot-chat .chat-avatar img')).toBeNull();
  });

  it('draws its parts as they will be while the business and the services load, busy and hidden from assistive technology', async () => {
    let answer: (value: Answer) => void = () => undefined;
    fakeServer({
      'GET /api/business': () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
      // The menu never comes here.
      'GET /api/services': () => new Promise<Answer>(() => undefined),
    });
    renderApp('/');
    const main = screen.getByRole('main');
    const hero = main.querySelector('.landing-hero');
    expect(hero).toHaveAttribute('aria-busy', 'true');
    // The same pill, heading, lead and buttons the salon's data will fill, with made-up text.
    expect(hero?.querySelector('.opening-status')).toHaveAttribute('aria-hidden', 'true');
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Cargando…');
    expect(hero?.querySelectorAll('.skeleton-pending')).toHaveLength(4);
    const services = within(main).getByRole('region', { name: 'Servicios' });
    expect(services).toHaveAttribute('aria-busy', 'true');
    expect(services.querySelectorAll('.landing-service')).toHaveLength(6);
    // Nothing of the stand-ins is read or reached: no headings, no buttons, one "Cargando…".
    expect(within(services).queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(within(services).queryAllByRole('button')).toEqual([]);
    expect(within(services).getByRole('status')).toHaveTextContent('Cargando…');
    const team = within(main).getByRole('region', { name: 'Nuestro equipo' });
    expect(team).toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations();

    answer({ body: { item: fullBusiness } });
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Peluquería Lucía' }),
    ).toBeVisible();
    expect(hero).toHaveAttribute('aria-busy', 'false');
    expect(main.querySelectorAll('.landing-hero .skeleton-pending')).toHaveLength(0);
  });

  it('has no axe violations with everything filled in', async () => {
    fakeServer({ 'GET /api/business': { body: { item: fullBusiness } } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Corte de pelo' });
    await screen.findByRole('button', { name: 'Abrir chat' });
    await expectNoAxeViolations();
  });
});
