import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget as renderChat } from '../test/render';
import { chunk, deferred, jsonResponse, ndjson, pushedBody } from '../test/webhook';

const TIMES = {
  output: '¿A qué hora te viene bien?\n\n1. 10:30\n2. 11:00',
  suggestions: [
    { label: '10:30', value: 'A las 10:30' },
    { label: '11:00', value: 'A las 11:00' },
  ],
};

const quickReplies = (name = 'Quick replies') => screen.queryByRole('toolbar', { name });

describe('quick replies', () => {
  it('shows a reply’s suggestions as a named group of buttons under it', async () => {
    const { user } = renderChat({ hola: TIMES });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');

    const group = await screen.findByRole('toolbar', { name: 'Quick replies' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('type')])).toEqual([
      ['10:30', 'button'],
      ['11:00', 'button'],
    ]);
    expect(chips[0]).toHaveClass('chat-chip');
    // Right under the log, outside it: the reply is read out once, not with its chips.
    const log = screen.getByRole('log');
    expect(log.nextElementSibling).toBe(group);
    expect(log.contains(group)).toBe(false);
    expect(group.previousElementSibling).toHaveTextContent('¿A qué hora te viene bien?');
  });

  it('sends the value as if typed, through the same request, and goes at once', async () => {
    const answer = deferred<Response>();
    const { user, sent, bubbles } = renderChat({
      hola: TIMES,
      'A las 11:00': answer.promise,
    });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    fireEvent.click(await screen.findByRole('button', { name: '11:00' }));
    // Gone with the click itself, before the message is even added.
    expect(quickReplies()).toBeNull();

    // The value in the visitor's bubble and in chatInput.
    await waitFor(() => {
      expect(sent()).toEqual(['hola', 'A las 11:00']);
    });
    expect(bubbles().at(-1)).toBe('A las 11:00');
    expect(screen.getByText('A las 11:00')).toHaveClass('chat-message-text');
    expect(screen.getByText('A las 11:00').parentElement).toHaveClass('chat-message-from-user');
    answer.resolve(jsonResponse({ output: 'Reservado.' }));
    expect(await screen.findByText('Reservado.')).toBeInTheDocument();
    expect(quickReplies()).toBeNull();
  });

  it('sends once on a double tap', async () => {
    const { user, sent } = renderChat({ hola: TIMES });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    const chip = await screen.findByRole('button', { name: '10:30' });
    // Two clicks in a row, with nothing run between them.
    fireEvent.click(chip);
    fireEvent.click(chip);
    await screen.findByText('Vale.');
    expect(sent()).toEqual(['hola', 'A las 10:30']);
  });

  it('goes when the visitor types instead, and is not shown while the reply is awaited', async () => {
    const answer = deferred<Response>();
    const { user } = renderChat({ hola: TIMES, 'a las doce': answer.promise });
    const input = await screen.findByRole('textbox');
    await user.type(input, 'hola{Enter}');
    expect(await screen.findByRole('toolbar', { name: 'Quick replies' })).toBeInTheDocument();

    await user.type(input, 'a las doce{Enter}');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(quickReplies()).toBeNull();
    answer.resolve(jsonResponse({ output: 'No queda hueco a las 12.' }));
    await screen.findByText('No queda hueco a las 12.');
    expect(quickReplies()).toBeNull();
    expect(document.querySelector('.chat-chip')).toBeNull();
  });

  it('waits for a stream to end before showing a finished run’s suggestions', async () => {
    const body = pushedBody();
    const { user } = renderChat(
      { hola: new Response(body.stream, { headers: { 'Content-Type': 'application/json' } }) },
      { enableStreaming: true },
    );
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    const end = chunk('end', 'agent', 0);
    body.push(
      ndjson([
        chunk('begin', 'agent', 0),
        chunk('item', 'agent', 0, '¿A qué hora?'),
        { ...end, metadata: { ...(end.metadata as object), suggestions: TIMES.suggestions } },
      ]),
    );
    await screen.findByText('¿A qué hora?');
    // The run has ended, the body has not: the reply is still pending.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(quickReplies()).toBeNull();

    body.end();
    expect(await screen.findByRole('toolbar', { name: 'Quick replies' })).toHaveTextContent(
      '10:3011:00',
    );
  });

  it('shows only the latest reply’s: a newer one replaces them', async () => {
    const { user } = renderChat({
      hola: TIMES,
      'A las 10:30': jsonResponse({
        output: '¿Con quién?',
        suggestions: [{ label: 'Lucía', value: 'Con Lucía' }],
      }),
    });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    await user.click(await screen.findByRole('button', { name: '10:30' }));
    await screen.findByText('¿Con quién?');

    expect(screen.getAllByRole('toolbar', { name: 'Quick replies' })).toHaveLength(1);
    expect(
      within(screen.getByRole('toolbar', { name: 'Quick replies' }))
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Lucía']);
  });

  it('is named in Spanish with defaultLanguage es', async () => {
    const { user } = renderChat({ hola: TIMES }, { defaultLanguage: 'es' });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByRole('toolbar', { name: 'Respuestas rápidas' })).toBeInTheDocument();
    expect(quickReplies()).toBeNull();
  });

  it('gives the focus to the input from the keyboard, to the conversation on a tap', async () => {
    const { user } = renderChat({ hola: TIMES, 'A las 10:30': TIMES });
    const input = await screen.findByRole('textbox');
    await user.type(input, 'hola{Enter}');

    await user.click(await screen.findByRole('button', { name: '10:30' }));
    expect(input).not.toHaveFocus();
    expect(document.activeElement).toHaveClass('chat-body');
    await screen.findByRole('toolbar', { name: 'Quick replies' });

    screen.getByRole('button', { name: '11:00' }).focus();
    await user.keyboard('{Enter}');
    expect(quickReplies()).toBeNull();
    expect(input).toHaveFocus();
  });

  it('shows a label as text, never as markup', async () => {
    const label = '<img src=x onerror=alert(1)>';
    const { user } = renderChat({
      hola: jsonResponse({ output: 'Elige', suggestions: [{ label, value: label }] }),
    });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('is not offered while the widget is disabled', async () => {
    const { store } = renderChat({ hola: TIMES }, { disabled: true });
    await act(() => store.sendMessage('hola'));
    expect(screen.getByText(/A qué hora/)).toBeInTheDocument();
    expect(quickReplies()).toBeNull();
  });

  it('changes nothing for a reply without suggestions', async () => {
    const { user, bubbles } = renderChat({});
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    await screen.findByText('Vale.');
    expect(bubbles()).toEqual(['hola', 'Vale.']);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('is one Tab stop: the arrow keys, Home and End move, Enter sends', async () => {
    const { user, sent } = renderChat({ hola: TIMES });
    await user.type(await screen.findByRole('textbox'), 'hola{Enter}');
    const group = await screen.findByRole('toolbar', { name: 'Quick replies' });
    const [first, second] = within(group).getAllByRole('button');
    expect([first?.tabIndex, second?.tabIndex]).toEqual([0, -1]);
    first?.focus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    expect([first?.tabIndex, second?.tabIndex]).toEqual([-1, 0]);
    await user.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(second).toHaveFocus();
    await user.keyboard('{Home}{ArrowLeft}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(sent()).toEqual(['hola', 'A las 11:00']);
  });
});
