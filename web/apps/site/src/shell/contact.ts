/** The salon's contact details as the pages show and link them. */
import type { Business } from '../api/types';

export type Address = NonNullable<Business['address']>;

/** "Calle Mayor 1, 28013 Madrid"; empty when nothing is filled in. */
export function formatAddress(address: Address | undefined): string {
  if (!address) return '';
  return [address.street, [address.postalCode, address.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/** `tel:` with the digits and a leading + only ("+34 600 12 34 56" → "tel:+34600123456"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A map search for the address (OpenStreetMap: no key, no tracking script). */
export function mapHref(address: Address): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(address))}`;
}
