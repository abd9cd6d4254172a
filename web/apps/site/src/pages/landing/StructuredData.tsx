/**
 * The salon's JSON-LD in the page. A `<script type="application/ld+json">` is a data block: the
 * browser never runs it, so the CSP's `script-src 'self'` (no inline scripts) does not apply to it
 * and needs no hash. It is written by React on the client, which search engines that render
 * pages read.
 */
import type { Business, Service } from '../../api/types';
import { jsonLdText, salonStructuredData } from './structuredData';

export function StructuredData({
  business,
  services,
}: {
  business: Business;
  services: Service[];
}) {
  const text = jsonLdText(salonStructuredData(business, services, window.location.origin + '/'));
  return <script type="application/ld+json">{text}</script>;
}
