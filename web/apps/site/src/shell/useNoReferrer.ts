/**
 * For the pages of a signed link (the manage link, the review link), whose address holds the
 * token: no referrer from here on, so the address reaches no other site. Browsers keep a
 * document's referrer policy once a meta element has set it.
 */
import { useEffect } from 'react';

export function useNoReferrer() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.append(meta);
    return () => {
      meta.remove();
    };
  }, []);
}
