import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './Tooltip';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="Nueva cita">
        <button type="button">+</button>
      </Tooltip>
      <Tooltip content="Actualizar">
        <button type="button">↻</button>
      </Tooltip>
    </TooltipProvider>,
  );
  return {
    add: screen.getByRole('button', { name: '+' }),
    refresh: screen.getByRole('button', { name: '↻' }),
  };
}

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
}

function leave(element: HTMLElement) {
  fireEvent.pointerLeave(element, { pointerType: 'mouse' });
  // The pointer goes on moving away from the tooltip, which then closes.
  fireEvent.pointerMove(document.body, { pointerType: 'mouse', clientX: 500, clientY: 500 });
}

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('opens 700 ms after the pointer rests on its trigger, not before', () => {
    const { add } = renderTwo();
    hover(add);
    advance(699);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Nueva cita');
  });

  it('opens the next one at once within 300 ms of the last, and waits again after', () => {
    const { add, refresh } = renderTwo();
    hover(add);
    advance(700);
    leave(add);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    advance(299);
    hover(refresh);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Actualizar');

    leave(refresh);
    advance(300);
    hover(add);
    advance(699);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Nueva cita');
  });

  it('opens on keyboard focus and describes its trigger', () => {
    const { refresh } = renderTwo();
    act(() => {
      refresh.focus();
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Actualizar');
    expect(refresh).toHaveAccessibleDescription('Actualizar');
  });
});
