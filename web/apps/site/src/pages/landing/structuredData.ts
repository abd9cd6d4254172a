/**
 * The salon as schema.org `HairSalon` JSON-LD, built from `GET /api/business`, the services and
 * the reviews shown, for search engines. Pure data; `StructuredData.tsx` puts it in the page.
 * Demo reviews are no client's: they stay out of it.
 */
import type { Business, OpeningPeriod, ReviewList, ReviewView, Service } from '../../api/types';
import { formatTime, todayIn } from '../../shell/format';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function openingHours(hours: OpeningPeriod[]) {
  return hours.map((period) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: `https://schema.org/${DAYS[period.weekday - 1] ?? ''}`,
    opens: formatTime(period.openMin),
    closes: formatTime(period.closeMin),
  }));
}

/**
 * The count and average of the real reviews (not the demo's), or null when there are none or
 * they cannot be told apart: the server's summary counts every shown review, demo ones too, so
 * it is used as it is only when no demo review is among those read; when every shown review was
 * read, they are counted here instead.
 */
export function realRating(list: ReviewList): { count: number; average: number } | null {
  const real = list.items.filter((review) => !review.demo);
  if (list.items.length >= list.summary.count) {
    if (real.length === 0) return null;
    const sum = real.reduce((total, review) => total + review.rating, 0);
    return { count: real.length, average: Math.round((sum / real.length) * 10) / 10 };
  }
  return list.summary.count > 0 && real.length === list.items.length ? list.summary : null;
}

function reviewData(review: ReviewView, timeZone: string) {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.rating,
      bestRating: 5,
      worstRating: 1,
    },
    ...(review.comment ? { reviewBody: review.comment } : {}),
    // The day it was written, in the salon's zone (ISO 8601).
    datePublished: todayIn(timeZone, new Date(review.createdAt)),
  };
}

/**
 * The JSON-LD object for the salon served at `url`; fields the salon has not filled are left out,
 * and so are reviews while there are none (or only the demo's).
 */
export function salonStructuredData(
  business: Business,
  services: Service[],
  url: string,
  reviews: ReviewList | null = null,
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
  const rating = reviews ? realRating(reviews) : null;
  if (reviews && rating) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    };
    data.review = reviews.items
      .filter((review) => !review.demo)
      .map((review) => reviewData(review, business.timeZone));
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
