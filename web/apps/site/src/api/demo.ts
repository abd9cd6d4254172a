/**
 * The demo's week of citas (issue 24): whether it is still there (`demoData` of
 * `GET /api/business`, told to staff only) and `DELETE /api/demo`, which takes it away with its
 * clients and their reviews. The one place the site calls it.
 */
import { useState } from 'react';
import { api } from './client';
import { useResource } from './queries';

export function useDemoData() {
  // Read here rather than from the site's business: that one may have been read before the
  // person signed in, when it said nothing of the demo.
  const business = useResource('/api/business');
  const [removed, setRemoved] = useState(false);
  const present = !removed && business.data?.item.demoData === true;

  /** Takes the demo's citas away; how many went. */
  async function remove(): Promise<number> {
    const { removedCitas } = await api.delete('/api/demo');
    setRemoved(true);
    return removedCitas;
  }

  return { present, remove };
}
