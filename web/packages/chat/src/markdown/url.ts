/**
 * The URL rules of bot markdown (REQUIREMENTS W4, rules 1–4). Every decision is taken on the
 * result of the browser's own URL parser (`new URL`), never on string prefixes, so encoded,
 * mixed-case and whitespace- or control-character-laden spellings of a scheme are judged the way
 * the browser will read them.
 */

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'ftp:']);
const DATA_IMAGE = /^image\/(?:gif|png|jpeg|webp)[;,]/i;
const YOUTUBE_HOSTS = new Set([
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
]);
const YOUTUBE_PATH = /^\/embed\/[A-Za-z0-9_-]{11}$/;

/**
 * Percent-encodes a link destination the way CommonMark renderers do: characters outside the
 * URL-safe set become UTF-8 `%XX` escapes, existing `%XX` escapes are kept, a lone surrogate
 * becomes U+FFFD. The result is what goes into `href`/`src` and what `safeUrl` judges.
 */
export function encodeUrl(url: string): string {
  return url.replace(/%[0-9a-f]{2}|[^\w;/?:@&=+$,.!~*'()#-]/giu, (match) => {
    if (match.length === 3) return match;
    try {
      return encodeURIComponent(match);
    } catch {
      return '%EF%BF%BD';
    }
  });
}

/**
 * `url` when the policy allows it as a link target (`image: false`) or as an image source
 * (`image: true`), else `null`.
 *
 * Allowed: absolute `http:`, `https:`, `mailto:`, `tel:`, `ftp:` URLs; relative references that
 * stay on the page's host (paths, `?query`, `#fragment`); and, for images only, `data:` URLs of
 * type image/gif, image/png, image/jpeg or image/webp (case-insensitive, parameters allowed).
 * Refused: everything else, including `//host/path` and `/\host` (they leave the site).
 *
 * The URL is resolved against two different made-up bases: an absolute URL resolves to the same
 * thing both times and is judged by its scheme; a relative one must land on each base's own
 * host, which a network-path reference (`//evil.example`) does not.
 */
export function safeUrl(url: string, image: boolean): string | null {
  let a: URL;
  let b: URL;
  try {
    a = new URL(url, 'https://a.invalid/a/');
    b = new URL(url, 'http://b.invalid/b/');
  } catch {
    return null;
  }
  if (a.href === b.href) {
    const ok =
      LINK_SCHEMES.has(a.protocol) ||
      (image && a.protocol === 'data:' && DATA_IMAGE.test(a.pathname));
    return ok ? url : null;
  }
  return a.host === 'a.invalid' && b.host === 'b.invalid' ? url : null;
}

/**
 * The `src` of the widget-built YouTube iframe for an `<iframe src>` value, or `null`. Only
 * `https:`, one of the four exact hosts, no credentials or port, and a path that is exactly
 * `/embed/<11 characters of [A-Za-z0-9_-]>`, both as parsed and as written (so dot segments,
 * escapes and stripped tabs, which the parser would quietly resolve, are refused); the query is
 * kept, the fragment dropped. The result is rebuilt from the parsed parts.
 */
export function youtubeEmbedSrc(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const ok =
    url.protocol === 'https:' &&
    YOUTUBE_HOSTS.has(url.hostname) &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    YOUTUBE_PATH.test(url.pathname) &&
    value
      .trim()
      .replace(/^[^/]*\/\/[^/?#]*/, '')
      .split(/[?#]/)[0] === url.pathname;
  return ok ? `https://${url.hostname}${url.pathname}${url.search}` : null;
}
