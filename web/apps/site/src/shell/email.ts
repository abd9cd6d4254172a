/**
 * Whether a string looks like an email address (something@domain.tld, no spaces): the check the
 * site's forms make before sending; the server has the last word.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
