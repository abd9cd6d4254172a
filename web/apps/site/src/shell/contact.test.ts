import { describe, expect, it } from 'vitest';
import { formatAddress, formatPhone, mapHref, normalPhone, telHref } from './contact';

const address = { street: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' };

describe('contact', () => {
  it('writes the address on one line, leaving out what is empty', () => {
    expect(formatAddress(address)).toBe('Calle Mayor 1, 28013 Madrid');
    expect(formatAddress({ street: '', postalCode: '', city: 'Madrid' })).toBe('Madrid');
    expect(formatAddress({ street: '', postalCode: '', city: '' })).toBe('');
    expect(formatAddress(undefined)).toBe('');
  });

  it('keeps a phone in the server’s one form, whatever way it was typed', () => {
    // The same table as the server's `Phone` test.
    const kept: [string, string][] = [
      ['+34 600 123 456', '+34600123456'],
      ['600123456', '+34600123456'],
      ['600 12 34 56', '+34600123456'],
      ['0034 600-123-456', '+34600123456'],
      ['(91) 555-12-34', '+34915551234'],
      ['+1.202.555.0143', '+12025550143'],
      ['0044 7700 900123', '+447700900123'],
      ['07700 900123', '07700900123'],
    ];
    for (const [typed, phone] of kept) expect(normalPhone(typed), typed).toBe(phone);
    for (const bad of ['', '12345', '600 12a 456', '34+600123456', '123456789', '+34 600 123 45']) {
      expect(normalPhone(bad), bad).toBeNull();
    }
  });

  it('shows every phone the Spanish way and links it in its one form', () => {
    expect(formatPhone('+34600123456')).toBe('+34 600 123 456');
    expect(formatPhone('600 12 34 56')).toBe('+34 600 123 456');
    expect(formatPhone('+44 7700 900123')).toBe('+447700900123');
    // Not a phone (kept before phones had one form): shown as it was written.
    expect(formatPhone('llamar por la tarde')).toBe('llamar por la tarde');
    expect(telHref('600 12 34 56')).toBe('tel:+34600123456');
    expect(telHref('(91) 555-0101')).toBe('tel:+34915550101');
  });

  it('searches OpenStreetMap for the address, encoded', () => {
    expect(mapHref(address)).toBe(
      'https://www.openstreetmap.org/search?query=Calle%20Mayor%201%2C%2028013%20Madrid',
    );
  });
});
