import { describe, expect, it } from 'vitest';
import { business, services } from '../../test/fakeServer';
import type { ReviewList, ReviewView } from '../../api/types';
import { jsonLdText, realRating, salonStructuredData } from './structuredData';

describe('salonStructuredData', () => {
  it('describes a HairSalon with its hours and the active services as offers', () => {
    const data = salonStructuredData(
      {
        ...business,
        phone: '+34 600 12 34 56',
        address: { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' },
      },
      services,
      'https://lucia.example/',
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      name: 'Peluquería Lucía',
      url: 'https://lucia.example/',
      telephone: '+34 600 12 34 56',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Calle Mayor 1',
        postalCode: '28013',
        addressLocality: 'Madrid',
      },
    });
    expect(data.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Tuesday',
      opens: '16:00',
      closes: '20:00',
    });
    const offers = (data.hasOfferCatalog as { itemListElement: unknown[] }).itemListElement;
    expect(offers).toEqual([
      {
        '@type': 'Offer',
        price: '18.00',
        priceCurrency: 'EUR',
        itemOffered: {
          '@type': 'Service',
          name: 'Corte de pelo',
          description: 'Lavado, corte y peinado.',
        },
      },
      {
        '@type': 'Offer',
        price: '45.00',
        priceCurrency: 'EUR',
        itemOffered: { '@type': 'Service', name: 'Tinte' },
      },
    ]);
  });

  it('leaves out what the salon has not filled in', () => {
    const data = salonStructuredData({ ...business, hours: [] }, [], 'https://lucia.example/');
    expect(Object.keys(data).sort()).toEqual(['@context', '@type', 'name', 'url']);
  });
});

describe('jsonLdText', () => {
  it('escapes "<" so a value cannot close the script element', () => {
    const text = jsonLdText({ description: 'Hola </script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ description: 'Hola </script><script>alert(1)</script>' });
  });
});

describe('the reviews in the JSON-LD', () => {
  const review = (id: string, rating: number, demo = false): ReviewView => ({
    id,
    rating,
    comment: demo ? 'De demostración.' : 'Muy bien.',
    author: `Cliente ${id}`,
    createdAt: '2026-11-30T23:30:00Z',
    reply: null,
    repliedAt: null,
    hidden: false,
    demo,
  });
  const url = 'https://lucia.example/';

  it('rates the salon and lists the real reviews read (author, stars, words, local date)', () => {
    const list: ReviewList = {
      summary: { count: 40, average: 4.6 },
      items: [review('a', 5), review('b', 4)],
    };
    const data = salonStructuredData(business, [], url, list);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      reviewCount: 40,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Cliente a' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Muy bien.',
        // 23:30 UTC on 30 November is 1 December in Madrid.
        datePublished: '2026-12-01',
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'Cliente b' } }),
    ]);
  });

  it('leaves demo reviews out, and counts the real ones itself when it has read them all', () => {
    const list: ReviewList = {
      summary: { count: 3, average: 4.3 },
      items: [review('a', 5), review('demo', 5, true), review('b', 3)],
    };
    expect(realRating(list)).toEqual({ count: 2, average: 4 });
    const data = salonStructuredData(business, [], url, list);
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 2 });
    expect((data.review as unknown[]).length).toBe(2);
  });

  it('gives no rating when it cannot tell the demo’s apart, nor with none or only demo ones', () => {
    // More shown than read, one of them the demo's: the server's summary counts it in.
    const mixed: ReviewList = {
      summary: { count: 9, average: 4.9 },
      items: [review('a', 5), review('demo', 5, true)],
    };
    expect(realRating(mixed)).toBeNull();
    const demoOnly: ReviewList = {
      summary: { count: 1, average: 5 },
      items: [review('d', 5, true)],
    };
    const none: ReviewList = { summary: { count: 0, average: 0 }, items: [] };
    for (const list of [mixed, demoOnly, none]) {
      const data = salonStructuredData(business, [], url, list);
      expect(data).not.toHaveProperty('aggregateRating');
      expect(data).not.toHaveProperty('review');
    }
  });
});
