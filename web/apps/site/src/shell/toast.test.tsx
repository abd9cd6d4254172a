import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http';
import { ToastProvider, useToast, type ToastInput } from './toast';

const region = () => screen.getByRole('region', { name: 'Notificaciones (F8)' });

/** Renders a provider and returns the toast API from inside it. */
function renderToasts() {
  let api: ReturnType<typeof useToast> | undefined;
  function Probe() {
    api = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Probe />
    </ToastProvider>,
  );
  if (!api) throw new Error('the probe did not render');
  return api;
}

function show(input: ToastInput) {
  const api = renderToasts();
  act(() => {
    api.toast(input);
  });
  return within(region()).getByRole('listitem');
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a title and description, and closes itself after 5000 ms, not before', () => {
    show({ title: 'Cita cancelada', description: 'lunes, 23 de noviembre' });
    const toast = within(region()).getByRole('listitem');
    expect(toast).toHaveTextContent('Cita cancelada');
    expect(toast).toHaveTextContent('lunes, 23 de noviembre');
    advance(4999);
    expect(screen.queryByText('Cita cancelada')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Cita cancelada')).not.toBeInTheDocument();
  });

  it('replaces the errors still open when something goes through, and keeps errors together', () => {
    const api = renderToasts();
    act(() => {
      api.error(
        new ApiError(400, 'invalid', 'La contraseña es demasiado corta.'),
        'No se pudo crear',
      );
      api.error(new ApiError(503, 'unavailable', 'Inténtalo de nuevo.'), 'Servicio no disponible');
    });
    expect(within(region()).getAllByRole('listitem')).toHaveLength(2);
    act(() => {
      api.toast({ title: 'Cuenta creada' });
    });
    const open = within(region()).getAllByRole('listitem');
    expect(open.map((toast) => toast.querySelector('.toast-title')?.textContent)).toEqual([
      'Cuenta creada',
    ]);
    act(() => {
      api.error(new ApiError(400, 'invalid', 'Otra cosa.'));
      api.warning('La reserva provisional se ha liberado.');
    });
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((toast) => toast.querySelector('.toast-title')?.textContent),
    ).toEqual(['Cuenta creada', 'Atención']);
  });

  it('waits while the pointer is over the notifications, and goes on once it leaves', () => {
    show({ title: 'Guardado' });
    advance(1000);
    fireEvent.pointerMove(region());
    advance(20000);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    fireEvent.pointerLeave(region());
    advance(3999);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('waits while the focus is inside the notifications', () => {
    show({ title: 'Guardado' });
    const close = screen.getByRole('button', { name: 'Cerrar' });
    act(() => {
      close.focus();
    });
    advance(20000);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    act(() => {
      close.blur();
    });
    advance(5000);
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    const toast = show({ title: 'Guardado' });
    fireEvent.keyDown(toast, { key: 'Escape' });
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('closes with its "Cerrar" button', () => {
    show({ title: 'Guardado' });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('puts the focus in the labelled notifications region on F8', () => {
    show({ title: 'Guardado' });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region()).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toBe(within(region()).getByRole('list'));
  });

  function swipe(toast: HTMLElement, distance: number) {
    fireEvent.pointerDown(toast, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 110, clientY: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 100 + distance, clientY: 100 });
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 100 + distance, clientY: 100 });
  }

  it('is dismissed by a swipe to the right past 50 px', () => {
    const toast = show({ title: 'Guardado' });
    swipe(toast, 60);
    expect(screen.queryByText('Guardado')).not.toBeInTheDocument();
  });

  it('stays after a swipe of 50 px or less, or to the left', () => {
    const toast = show({ title: 'Guardado' });
    swipe(toast, 40);
    swipe(toast, 50);
    swipe(toast, -80);
    expect(screen.getByText('Guardado')).toBeInTheDocument();
    expect(toast).toHaveAttribute('data-swipe', 'cancel');
  });

  it('marks the destructive variant, and says failures with the server message', () => {
    const api = renderToasts();
    act(() => {
      api.error(new ApiError(409, 'conflict', 'Esa hora ya está ocupada.'), 'No se pudo reservar');
      api.error(new Error('boom'));
    });
    const [conflict, unexpected] = within(region()).getAllByRole('listitem');
    expect(conflict).toHaveAttribute('data-variant', 'destructive');
    expect(conflict).toHaveTextContent('No se pudo reservar');
    expect(conflict).toHaveTextContent('Esa hora ya está ocupada.');
    expect(unexpected).toHaveTextContent('Algo ha fallado');
    expect(unexpected).toHaveTextContent('Ha ocurrido un error inesperado. Inténtalo de nuevo.');
    expect(unexpected).not.toHaveTextContent('boom');
  });

  it('marks a warning, says it to screen readers at once, and keeps it twice as long', () => {
    const api = renderToasts();
    act(() => {
      api.toast({ title: 'Cita creada' });
      api.warning('Un cliente estaba reservando esa hora en el chat.');
    });
    const [created, warned] = within(region()).getAllByRole('listitem');
    expect(created).toHaveAttribute('data-variant', 'default');
    expect(warned).toHaveAttribute('data-variant', 'warning');
    expect(warned).toHaveTextContent('Atención');
    expect(warned).toHaveTextContent('Un cliente estaba reservando esa hora en el chat.');
    // Radix announces a foreground toast assertively, a background one politely.
    const announced = screen.getAllByRole('status', { hidden: true });
    expect(announced.some((each) => each.getAttribute('aria-live') === 'assertive')).toBe(true);
    advance(5000);
    expect(screen.queryByText('Cita creada')).not.toBeInTheDocument();
    expect(screen.getByText('Atención')).toBeInTheDocument();
    advance(5000);
    expect(screen.queryByText('Atención')).not.toBeInTheDocument();
  });

  it('runs its action, which carries its alternative text', () => {
    const onClick = vi.fn();
    show({
      title: 'Cita cancelada',
      action: { label: 'Deshacer', altText: 'Vuelve a reservarla desde el chat', onClick },
    });
    const action = screen.getByRole('button', { name: 'Deshacer' });
    expect(action.closest('[data-radix-toast-announce-exclude]')).toHaveAttribute(
      'data-radix-toast-announce-alt',
      'Vuelve a reservarla desde el chat',
    );
    fireEvent.click(action);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('refuses an action without alternative text', () => {
    const api = renderToasts();
    expect(() => {
      api.toast({ title: 'x', action: { label: 'Deshacer', altText: ' ', onClick: vi.fn() } });
    }).toThrow('altText');
  });
});
