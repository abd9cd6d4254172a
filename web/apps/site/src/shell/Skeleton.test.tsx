import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

function shapes(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.skeleton-shape'));
}

describe('Skeleton', () => {
  it('says "Cargando…" once and hides its shapes from assistive technology', () => {
    const { container } = render(<Skeleton variant="paragraph" />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(shapes(container)).toHaveLength(3);
    for (const shape of shapes(container)) expect(shape).toHaveAttribute('aria-hidden', 'true');
  });

  it.each(['heading', 'paragraph', 'custom', 'block'] as const)(
    'draws %s shapes, as many as asked',
    (variant) => {
      const { container } = render(<Skeleton variant={variant} count={4} />);
      expect(shapes(container)).toHaveLength(4);
      for (const shape of shapes(container)) expect(shape).toHaveClass(`skeleton-${variant}`);
    },
  );

  it('draws one heading or block by default', () => {
    const { container } = render(<Skeleton variant="heading" />);
    expect(shapes(container)).toHaveLength(1);
  });

  it('lays shapes out in a row or a column, and sizes custom ones', () => {
    const { container } = render(
      <>
        <Skeleton variant="custom" count={3} direction="row" width="4rem" height="2rem" />
        <Skeleton variant="block" count={2} />
      </>,
    );
    const [row, column] = Array.from(container.querySelectorAll('.skeleton'));
    expect(row).toHaveAttribute('data-direction', 'row');
    expect(column).toHaveAttribute('data-direction', 'column');
    expect(shapes(row as HTMLElement)[0]).toHaveStyle({ width: '4rem', height: '2rem' });
  });
});
