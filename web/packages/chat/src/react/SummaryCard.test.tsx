import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatCard, ChatTextMessage } from '../core/messages';
import { renderInChat, renderWidget } from '../test/render';
import { Message } from './Message';

const CARD: ChatCard = {
  title: 'Resumen de tu cita',
  lead: 'Sí, aceptamos **tarjeta**.',
  rows: [
    { label: 'Servicio', value: 'Corte de pelo' },
    { label: 'Día', value: 'lunes 30 de noviembre' },
    { label: 'Hora', value: '10:30' },
  ],
  actions: [
    { label: 'Confirmar', value: 'Sí, confírmala' },
    { label: 'Cambiar', value: 'Quiero cambiar la hora' },
  ],
};

const TEXT = 'Resumen: corte de pelo el lunes 30 de noviembre a las 10:30. ¿La confirmo?';

function cardMessage(card: ChatCard = CARD): ChatTextMessage {
  return { id: 'b1', type: 'text', sender: 'bot', text: TEXT, card };
}

describe('SummaryCard', () => {
  it('replaces the text: lead as markdown, the title as a heading, the rows as a list', () => {
    const { container } = renderInChat(<Message message={cardMessage()} />);
    expect(screen.queryByText(TEXT)).toBeNull();

    const bubble = container.querySelector('.chat-message-from-bot');
    expect(bubble?.querySelector('strong')).toHaveTextContent('tarjeta');
    expect(screen.getByRole('heading', { level: 3, name: 'Resumen de tu cita' })).toBeVisible();
    const list = bubble?.querySelector('dl');
    expect(
      [...(list?.querySelectorAll('dt, dd') ?? [])].map((item) => [item.tagName, item.textContent]),
    ).toEqual([
      ['DT', 'Servicio'],
      ['DD', 'Corte de pelo'],
      ['DT', 'Día'],
      ['DD', 'lunes 30 de noviembre'],
      ['DT', 'Hora'],
      ['DD', '10:30'],
    ]);
    // Read in that order: lead, title, rows.
    expect(bubble?.textContent).toBe(
      'Sí, aceptamos tarjeta.Resumen de tu citaServicioCorte de peloDíalunes 30 de noviembreHora10:30',
    );
  });

  it('offers the actions only when given a way to send, the first one filled', () => {
    const choose = vi.fn();
    renderInChat(<Message message={cardMessage()} choose={choose} />);
    const actions = screen.getByRole('toolbar', { name: 'Resumen de tu cita' });
    const buttons = within(actions).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.className])).toEqual([
      ['Confirmar', 'chat-chip chat-chip-primary'],
      ['Cambiar', 'chat-chip'],
    ]);
    buttons[1]?.click();
    expect(choose).toHaveBeenCalledWith('Quiero cambiar la hora', expect.anything());
  });

  it('shows no actions without a way to send (an older message), and none when it has none', () => {
    renderInChat(<Message message={cardMessage()} />);
    renderInChat(<Message message={cardMessage({ ...CARD, actions: [] })} choose={vi.fn()} />);
    expect(screen.getAllByRole('heading', { name: 'Resumen de tu cita' })).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves out the lead and the list when the card has none', () => {
    const { container } = renderInChat(
      <Message message={cardMessage({ title: 'Sin detalles', rows: [], actions: [] })} />,
    );
    const bubble = container.querySelector('.chat-message-from-bot');
    expect(bubble?.children).toHaveLength(1);
    expect(bubble?.firstElementChild?.tagName).toBe('H3');
  });

  it('renders markup in the lead, title, rows and actions as text, never as HTML or links', () => {
    const img = '<img src=x onerror=alert(1)>';
    const { container } = renderInChat(
      <Message
        message={cardMessage({
          title: img,
          lead: `${img} [pulsa](javascript:alert(1)) <a href="javascript:alert(2)">aquí</a>`,
          rows: [{ label: '<script>alert(3)</script>', value: img }],
          actions: [{ label: img, value: img }],
        })}
        choose={vi.fn()}
      />,
    );
    expect(container.querySelector('img, script, iframe')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    const handlers = [...container.querySelectorAll('*')].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    expect(screen.getByRole('heading', { name: img })).toBeInTheDocument();
    expect(screen.getByText('<script>alert(3)</script>')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: img })).toBeInTheDocument();
    expect(container.textContent).toContain('pulsa');
  });
});

describe('SummaryCard in the conversation', () => {
  const proposal = { output: TEXT, card: CARD };

  it('sends an action’s value through the send path, then keeps the card without actions', async () => {
    const { user, sent, bubbles } = renderWidget({
      'quiero cortarme el pelo': proposal,
      'Sí, confírmala': { output: '¡Hecho! Te esperamos el lunes.' },
    });
    await user.type(await screen.findByRole('textbox'), 'quiero cortarme el pelo{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('¡Hecho! Te esperamos el lunes.')).toBeInTheDocument();
    expect(sent()).toEqual(['quiero cortarme el pelo', 'Sí, confírmala']);
    expect(bubbles().slice(-2, -1)).toEqual(['Sí, confírmala']);
    // The card stays as a record of what was proposed; its actions are gone.
    expect(screen.getByRole('heading', { name: 'Resumen de tu cita' })).toBeInTheDocument();
    expect(screen.getByText('lunes 30 de noviembre')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cambiar' })).toBeNull();
    expect(screen.queryByText(TEXT)).toBeNull();
  });

  it('offers the actions of the latest card only', async () => {
    const { user } = renderWidget({
      primera: proposal,
      segunda: { output: 'Otra', card: { ...CARD, title: 'Nueva propuesta' } },
    });
    const input = await screen.findByRole('textbox');
    await user.type(input, 'primera{Enter}');
    await screen.findByRole('toolbar', { name: 'Resumen de tu cita' });
    await user.type(input, 'segunda{Enter}');
    await screen.findByRole('heading', { name: 'Nueva propuesta' });

    expect(screen.queryByRole('toolbar', { name: 'Resumen de tu cita' })).toBeNull();
    expect(
      within(screen.getByRole('toolbar', { name: 'Nueva propuesta' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Confirmar', 'Cambiar']);
    expect(screen.getAllByRole('button', { name: 'Confirmar' })).toHaveLength(1);
  });

  it('shows the text instead of a malformed card', async () => {
    const { user } = renderWidget({
      hola: { output: TEXT, card: { title: 'Resumen', rows: 'Servicio: corte' } },
    });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Resumen' })).toBeNull();
  });
});
