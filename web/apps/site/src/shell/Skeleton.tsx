/**
 * Placeholders shown while something loads. The shapes are hidden from assistive technology;
 * a visually hidden status says "Cargando…" once instead. Where the final size is known from
 * the markup itself (a card, a heading), a page draws that markup with made-up content in
 * `.skeleton-pending` bars instead, beside a `LoadingStatus`, so nothing moves when the data
 * comes (the landing page).
 */
import type { CSSProperties } from 'react';

/** "Cargando…", said once to assistive technology and not shown. */
export function LoadingStatus() {
  return (
    <span role="status" className="visually-hidden">
      Cargando…
    </span>
  );
}

interface SkeletonProps {
  /** heading: one short bar; paragraph: lines of text; block: a card; custom: width × height. */
  variant: 'heading' | 'paragraph' | 'custom' | 'block';
  /** How many shapes (lines for a paragraph), default 1 (3 lines for a paragraph). */
  count?: number;
  direction?: 'row' | 'column';
  width?: string;
  height?: string;
}

export function Skeleton({ variant, count, direction = 'column', width, height }: SkeletonProps) {
  const shapes = count ?? (variant === 'paragraph' ? 3 : 1);
  const size: CSSProperties = { width, height };
  return (
    <div className="skeleton" data-direction={direction}>
      <LoadingStatus />
      {Array.from({ length: shapes }, (_, index) => (
        <span
          key={index}
          aria-hidden="true"
          className={`skeleton-shape skeleton-${variant}`}
          style={size}
        />
      ))}
    </div>
  );
}
