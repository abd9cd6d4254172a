/** Where the README's screenshots go. */
import { resolve } from 'node:path';

/** `docs/screenshots/<name>.png` in the repository. */
export function shotPath(name: string): string {
  return resolve(import.meta.dirname, '../../../docs/screenshots', `${name}.png`);
}
