/**
 * The salon's JSON-LD in the page. A `<script type="application/ld+json">` is a data block: the
 * browser never runs it, so the CSP's `script-src 'self'` (no inline scripts) does not apply to it
 * and needs no hash. It is written by React on the client, which search engines that render
 * pages read.
 */
import type { Business, ReviewList, Service } from '../../api/types';
import { jsonLdText, salonStructuredData } from './structuredData';

export function StructuredData({
  business,
  services,
  reviews,
}: {
  business: Business;
  services: Service[];
  reviews: ReviewList | null;
}) {
  const text = jsonLdText(
    salonStructuredData(business, services, window.location.origin + '/', reviews),
  );
  return <script type="application/ld+json">{text}</script>;
}
