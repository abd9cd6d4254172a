import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { App } from './App';

function stubGateway() {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    bodies.push(body);
    return Promise.resolve(
      new Response(JSON.stringify({ output: '¡Claro! ¿Para qué día?' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, bodies };
}

describe('App', () => {
  it('shows the landing page in a main landmark', () => {
    stubGateway();
    render(<App />);
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'Peluquería Citabot' }),
    ).toBeInTheDocument();
  });

  it('has the Spanish chat, which talks to the gateway as a guest', async () => {
    const { fetchMock, bodies } = stubGateway();
    const user = userEvent.setup();
    render(<App />);

    await user.click(screen.getByRole('button', { name: 'Abrir chat' }));
    const chat = screen.getByRole('dialog', { name: 'Hola' });
    expect(
      within(chat).getByText('Inicia una conversación. Estamos para ayudarte.'),
    ).toBeInTheDocument();
    await user.click(within(chat).getByRole('button', { name: 'Nueva conversación' }));

    expect(within(chat).getByText('¡Hola! 👋')).toBeInTheDocument();
    expect(within(chat).getByText('¿En qué puedo ayudarte hoy?')).toBeInTheDocument();
    await user.type(
      within(chat).getByRole('textbox', { name: 'Escribe tu pregunta...' }),
      'Quiero una cita{Enter}',
    );

    expect(await within(chat).findByText('¡Claro! ¿Para qué día?')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `${window.location.origin}/api/n8n/chat`,
      expect.objectContaining({ method: 'POST' }),
    );
    expect(bodies).toEqual([
      {
        action: 'sendMessage',
        sessionId: window.localStorage.getItem('n8n-chat/sessionId'),
        chatInput: 'Quiero una cita',
        metadata: expect.objectContaining({ role: 'guest', guest: true }) as unknown,
      },
    ]);
    expect(screen.getByRole('button', { name: 'Cerrar chat' })).toBeInTheDocument();
  });
});
