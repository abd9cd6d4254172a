/**
 * The salon's mark beside its name: its logo once uploaded in "Ajustes", else its initials on
 * the accent. Decorative (the name beside it says whose it is). A logo that cannot be loaded
 * gives way to the initials; a new logo (a new URL) is tried afresh.
 */
import { useState } from 'react';

/** Words a name's initials skip: "Salón de Belleza Ana" is SB, not SD. */
const CONNECTORS = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y', 'e', 'i', '&']);

/** Up to two initials of a salon's name, in capitals: "Peluquería Lucía" → "PL". */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const significant = words.filter((word) => !CONNECTORS.has(word.toLocaleLowerCase('es')));
  const chosen = (significant.length > 0 ? significant : words).slice(0, 2);
  return chosen
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase('es');
}

export function BrandMark({ name, logoUrl }: { name: string; logoUrl?: string | null }) {
  return <Mark key={logoUrl ?? ''} name={name} logoUrl={logoUrl ?? null} />;
}

function Mark({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  if (logoUrl && !failed) {
    return (
      <img
        className="brand-mark brand-mark-logo"
        src={logoUrl}
        alt=""
        onError={() => {
          setFailed(true);
        }}
      />
    );
  }
  const letters = initials(name);
  if (letters === '') return null;
  return (
    <span className="brand-mark brand-mark-initials" aria-hidden="true">
      {letters}
    </span>
  );
}
