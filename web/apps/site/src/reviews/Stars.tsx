/**
 * Stars, the one drawing of a rating: a review's 1–5, the salon's average (4,8 filled to its
 * tenth) and the review page's picker. Drawn in SVG, since the bundled font has no ★ and a
 * fallback font would draw it differently on every machine. The drawing is hidden from assistive
 * technology; the words say the rating.
 */
import { useId } from 'react';
import './reviews.css';

export const MAX_STARS = 5;

const ratingFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** 4.8 → "4,8", 5 → "5". */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}

/** 1 → "1 estrella", 4 → "4 estrellas". */
export function starsLabel(count: number): string {
  return count === 1 ? '1 estrella' : `${formatRating(count)} estrellas`;
}

/** A five-pointed star in a 24 × 24 box. */
const STAR_PATH = 'M12 1.8l3.1 6.6 7.2.9-5.3 5 1.4 7.1L12 17.9l-6.4 3.5 1.4-7.1-5.3-5 7.2-.9z';

/** One star, filled or only outlined: the picker's radios wear these. */
export function StarShape({ filled }: { filled: boolean }) {
  return (
    <svg className="star" data-filled={filled} viewBox="0 0 24 24" aria-hidden="true">
      <path d={STAR_PATH} />
    </svg>
  );
}

/**
 * `rating` of five stars, the last one filled in part. `spoken` (default "4 de 5 estrellas") is
 * what a screen reader hears; `null` when the words beside the stars already say it.
 */
export function Stars({ rating, spoken }: { rating: number; spoken?: string | null }) {
  const clipId = useId();
  const width = 24 * MAX_STARS;
  const stars = Array.from({ length: MAX_STARS }, (_, index) => (
    <path key={index} d={STAR_PATH} transform={`translate(${String(index * 24)} 0)`} />
  ));
  const words = spoken === undefined ? `${formatRating(rating)} de 5 estrellas` : spoken;
  return (
    <span className="stars">
      <svg viewBox={`0 0 ${String(width)} 24`} aria-hidden="true" focusable="false">
        <clipPath id={clipId}>
          <rect
            width={(width * Math.min(Math.max(rating, 0), MAX_STARS)) / MAX_STARS}
            height="24"
          />
        </clipPath>
        <g className="stars-empty">{stars}</g>
        <g className="stars-full" clipPath={`url(#${clipId})`}>
          {stars}
        </g>
      </svg>
      {words !== null && <span className="visually-hidden">{words}</span>}
    </span>
  );
}
