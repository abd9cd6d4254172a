/**
 * The salon as schema.org `HairSalon` JSON-LD, built from `GET /api/business` and the services,
 * for search engines. Pure data; `StructuredData.tsx` puts it in the page.
 */
import type { Business, OpeningPeriod, Service } from '../../api/types';
import { formatTime } from '../../shell/format';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function openingHours(hours: OpeningPeriod[]) {
  return hours.map((period) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: `https://schema.org/${DAYS[period.weekday - 1] ?? ''}`,
    opens: formatTime(period.openMin),
    closes: formatTime(period.closeMin),
  }));
}

/** The JSON-LD object for the salon served at `url`; fields the salon has not filled are left out. */
export function salonStructuredData(
  business: Business,
  services: Service[],
  url: string,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'HairSalon',
    name: business.name,
    url,
  };
  if (business.description) data.description = business.description;
  if (business.phone) data.telephone = business.phone;
  if (business.email) data.email = business.email;
  const address = business.address;
  if (address.street || address.city) {
    data.address = {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.city,
    };
  }
  if (business.hours.length > 0) data.openingHoursSpecification = openingHours(business.hours);
  const offered = services.filter((service) => service.active);
  if (offered.length > 0) {
    data.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: 'Servicios',
      itemListElement: offered.map((service) => ({
        '@type': 'Offer',
        price: (service.priceCents / 100).toFixed(2),
        priceCurrency: 'EUR',
        itemOffered: {
          '@type': 'Service',
          name: service.name,
          ...(service.description ? { description: service.description } : {}),
        },
      })),
    };
  }
  return data;
}

/**
 * The JSON text for a `<script type="application/ld+json">`, with `<` escaped so no value (a
 * description holding `</script>`) could end the element were the page ever rendered as HTML.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
