import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandMark, initials } from './BrandMark';

describe('the salon’s mark', () => {
  it('takes up to two initials of the name, skipping small words', () => {
    expect(initials('Peluquería Lucía')).toBe('PL');
    expect(initials('Salón de Belleza Ana')).toBe('SB');
    expect(initials('  élite   peluqueros ')).toBe('ÉP');
    expect(initials('La Tijera')).toBe('T');
    expect(initials('De la')).toBe('DL');
    expect(initials('Corte & Color')).toBe('CC');
    expect(initials('100 Montaditos Pelo')).toBe('1M');
    expect(initials('')).toBe('');
  });

  it('is the logo when there is one, decorative, and the initials when it cannot be loaded', () => {
    const { container, rerender } = render(
      <BrandMark name="Peluquería Lucía" logoUrl="/api/business/logo?v=1" />,
    );
    const logo = container.querySelector('img.brand-mark');
    expect(logo).toHaveAttribute('src', '/api/business/logo?v=1');
    expect(logo).toHaveAttribute('alt', '');
    if (logo) fireEvent.error(logo);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.brand-mark')).toHaveTextContent('PL');
    expect(container.querySelector('.brand-mark')).toHaveAttribute('aria-hidden', 'true');
    // A new logo is tried afresh.
    rerender(<BrandMark name="Peluquería Lucía" logoUrl="/api/business/logo?v=2" />);
    expect(container.querySelector('img.brand-mark')).toHaveAttribute(
      'src',
      '/api/business/logo?v=2',
    );
    rerender(<BrandMark name="Peluquería Lucía" logoUrl={null} />);
    expect(container.querySelector('.brand-mark')).toHaveTextContent('PL');
  });
});
