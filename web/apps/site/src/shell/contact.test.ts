import { describe, expect, it } from 'vitest';
import { formatAddress, mapHref, telHref } from './contact';

const address = { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' };

describe('contact', () => {
  it('writes the address on one line, leaving out what is empty', () => {
    expect(formatAddress(address)).toBe('Calle Mayor 1, 28013 Madrid');
    expect(formatAddress({ street: '', postalCode: '', city: 'Madrid' })).toBe('Madrid');
    expect(formatAddress({ street: '', postalCode: '', city: '' })).toBe('');
    expect(formatAddress(undefined)).toBe('');
  });

  it('links the phone with its digits and plus sign only', () => {
    expect(telHref('+34 600 12 34 56')).toBe('tel:+34600123456');
    expect(telHref('(91) 555-0101')).toBe('tel:915550101');
  });

  it('searches OpenStreetMap for the address, encoded', () => {
    expect(mapHref(address)).toBe(
      'https://www.openstreetmap.org/search?query=Calle%20Mayor%201%2C%2028013%20Madrid',
    );
  });
});
