import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StatsDay } from '../api/types';
import { addDays } from '../shell/format';
import { fakeServerAs } from '../test/fakeServer';
import { fixToday, profile, TODAY } from '../test/fixtures';
import { renderWithProviders } from '../test/renderApp';
import { Dashboard } from '.';
import { conversionText } from './Stats';

function days(from: string, to: string): StatsDay[] {
  const items: StatsDay[] = [];
  for (let date = from, i = 0; date <= to; date = addDays(date, 1), i++) {
    items.push({
      date,
      appointments: i % 3,
      conversations: i % 4,
      conversationsBooked: i % 4 === 3 ? 1 : 0,
    });
  }
  return items;
}

describe('Estadísticas (D5)', () => {
  beforeEach(fixToday);

  it('draws one bar per day in each chart, with the table and the conversion', async () => {
    const { to: callsTo } = fakeServerAs(profile('administrador'), (call) =>
      call.url.pathname === '/api/stats'
        ? {
            body: {
              items: days(
                call.url.searchParams.get('from') ?? '',
                call.url.searchParams.get('to') ?? '',
              ),
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const { container } = renderWithProviders(<Dashboard path="/dashboard/estadisticas" />);

    const bookings = await screen.findByRole('img', { name: /^Citas creadas por día/ });
    const chats = screen.getByRole('img', { name: /^Conversaciones por día/ });
    expect(bookings.querySelectorAll('.dash-bar')).toHaveLength(7);
    expect(chats.querySelectorAll('.dash-bar')).toHaveLength(7);
    // The booked part of each day's chats is its own, highlighted series.
    expect(chats.querySelectorAll('.dash-series-main')).toHaveLength(7);
    expect(Object.fromEntries(callsTo('/api/stats')[0]?.url.searchParams ?? [])).toEqual({
      from: '2026-11-17',
      to: TODAY,
    });

    const table = within(screen.getByRole('table', { name: 'Citas y conversaciones por día' }));
    expect(table.getAllByRole('row')).toHaveLength(8);
    expect(table.getByRole('rowheader', { name: '23/11/2026' })).toBeInTheDocument();
    // Conversations 0,1,2,3,0,1,2 = 9, of which the day with 3 booked one.
    expect(screen.getByText('1 de 9 chats terminaron en reserva (11,1 %)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Últimos 30 días' }));
    await waitFor(() => {
      expect(container.querySelectorAll('svg .dash-bar')).toHaveLength(60);
    });
    expect(callsTo('/api/stats')[1]?.url.searchParams.get('from')).toBe('2026-10-25');
  });

  it('words the conversion in Spanish', () => {
    // es-ES puts a no-break space before the percent sign.
    expect(conversionText(0, 0)).toBe('0 de 0 chats terminaron en reserva');
    expect(conversionText(1, 1)).toBe('1 de 1 chat terminó en reserva (100\u00a0%)');
    expect(conversionText(3, 12)).toBe('3 de 12 chats terminaron en reserva (25\u00a0%)');
  });
});
