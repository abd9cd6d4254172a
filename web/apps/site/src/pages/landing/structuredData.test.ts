import { describe, expect, it } from 'vitest';
import { business, services } from '../../test/fakeServer';
import { jsonLdText, salonStructuredData } from './structuredData';

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
