/** Names the page in the browser tab: "<page> · <business>", or the page alone until it loads. */
import { useEffect } from 'react';
import { useBusiness } from './business';

export function usePageTitle(page: string): void {
  const { business } = useBusiness();
  useEffect(() => {
    document.title = business ? `${page} · ${business.name}` : page;
  }, [page, business]);
}
