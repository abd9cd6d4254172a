import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes focus when it first appears: a form opened by a button (possibly
 * far down a table) brings the keyboard and the screen reader to itself.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
