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

/**
 * A phone in the one form the server keeps (its `Phone`): E.164 for a Spanish number (nine
 * digits from 6 to 9, with or without +34 / 0034) or one written with its country's + or 00; a
 * foreign national number with its trunk 0 as its digits. Null when the text is no phone (a
 * number kept before phones had one form may be anything).
 */
export function normalPhone(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[\d\s.()-]+$/.test(trimmed)) return null;
  const compact = trimmed.replace(/[^\d+]/g, '');
  let international = compact.startsWith('+');
  let digits = international ? compact.slice(1) : compact;
  if (!international && digits.startsWith('00') && digits.length >= 10) {
    international = true;
    digits = digits.slice(2);
  }
  if (!/^\d+$/.test(digits)) return null;
  const spanish = (national: string) => (/^[6-9]\d{8}$/.test(national) ? `+34${national}` : null);
  if (international) {
    if (digits.startsWith('34') && digits.length === 11) return spanish(digits.slice(2));
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  }
  if (/^0[1-9]\d{8,9}$/.test(digits)) return digits;
  return spanish(digits);
}

/** "+34 612 345 678": a phone written the Spanish way, as the server's emails and chat write it. */
export function formatPhone(text: string): string {
  const phone = normalPhone(text);
  if (phone === null) return text;
  const spanish = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return spanish ? `+34 ${spanish[1]} ${spanish[2]} ${spanish[3]}` : phone;
}

/** `tel:` with the number in its one form ("600 12 34 56" → "tel:+34600123456"). */
export function telHref(phone: string): string {
  return `tel:${normalPhone(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}

/** A map search for the address (OpenStreetMap: no key, no tracking script). */
export function mapHref(address: Address): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(address))}`;
}
