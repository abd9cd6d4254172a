import { useEffect, useRef } from 'react';

/**
 * A ref for the element that takes focus while a form or dialog is open: it takes focus when it
 * first appears (a form opened far down a table brings the keyboard and the screen reader to
 * itself), and on close, however it closes, focus goes back to the control that had it before,
 * usually the one that opened it. A control that has gone meanwhile (a removed row) gets nothing.
 */
export function useFocusWhileOpen<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const opener = document.activeElement;
    ref.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return ref;
}
