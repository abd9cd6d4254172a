import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInChat } from '../test/render';
import { MessageWithButtons } from './MessageWithButtons';

const WEBHOOK = 'https://webhook.example.com/webhook/123/chat';

function renderButtons(buttons: unknown[]) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('ok')));
  vi.stubGlobal('fetch', fetchMock);
  renderInChat(<MessageWithButtons text="¿Apruebas la cita?" buttons={buttons} />, {
    webhookUrl: WEBHOOK,
  });
  return { fetchMock };
}

describe('n8n MessageWithButtons.spec', () => {
  it('relative links (they resolve to the page origin): no buttons, no fetch', () => {
    const { fetchMock } = renderButtons([{ text: 'Relative', link: '/webhook/123/approve' }]);
    expect(screen.getByText('¿Apruebas la cita?')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('link on the webhook origin: button rendered; a click fetches the link', async () => {
    const { fetchMock } = renderButtons([
      { text: 'Approve', link: 'https://webhook.example.com/webhook/123/approve', type: 'primary' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(fetchMock).toHaveBeenCalledWith('https://webhook.example.com/webhook/123/approve');
  });

  it('unknown origin: no button', () => {
    renderButtons([{ text: 'Evil', link: 'https://evil.example.com/approve' }]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('different host, same port: no button', () => {
    renderButtons([{ text: 'Other', link: 'https://other.example.com/webhook/123/approve' }]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('mixed list: only the webhook-origin button is rendered', () => {
    renderButtons([
      { text: 'Relative', link: '/approve' },
      { text: 'Webhook', link: 'https://webhook.example.com/approve' },
      { text: 'Unknown', link: 'https://unknown.example.com/approve' },
    ]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Webhook']);
  });
});

describe('MessageWithButtons', () => {
  it('keeps only the used button, disabled, once its link answered ok', async () => {
    renderButtons([
      { text: 'Aprobar', link: 'https://webhook.example.com/ok', type: 'primary' },
      { text: 'Rechazar', link: 'https://webhook.example.com/no', type: 'secondary' },
    ]);
    expect(screen.getByRole('button', { name: 'Rechazar' })).toHaveClass('chat-button-secondary');
    await userEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => {
      expect(screen.getAllByRole('button')).toHaveLength(1);
    });
    expect(screen.getByRole('button', { name: 'Aprobar' })).toBeDisabled();
  });

  it('keeps every button when the link fails', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('no', { status: 500 })));
    vi.stubGlobal('fetch', fetchMock);
    renderInChat(
      <MessageWithButtons
        buttons={[
          { text: 'Sí', link: 'https://webhook.example.com/a' },
          { text: 'No', link: 'https://webhook.example.com/b' },
        ]}
      />,
      { webhookUrl: WEBHOOK },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sí' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Sí' })).toBeEnabled();
    });
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });
});

describe('MessageWithButtons text', () => {
  it('renders its text as markdown', () => {
    renderInChat(<MessageWithButtons text="¿Apruebas la cita del **lunes**?" buttons={[]} />);
    expect(screen.getByText('lunes').tagName).toBe('STRONG');
  });
});
