/**
 * One review as the landing page and the dashboard show it: its stars, who wrote it and when,
 * what they said, and the salon's answer under it. A demo review says so where it is seen: it
 * was written by the demo, not by a client.
 */
import type { ReactNode } from 'react';
import type { ReviewView } from '../api/types';
import { formatDate, todayIn } from '../shell/format';
import { Stars } from './Stars';

/** The label a review written by the demo wears wherever it is shown. */
export const DEMO_REVIEW_LABEL = 'Opinión de demostración';

/** The review's local date in the salon's zone: "3 de diciembre de 2026". */
function reviewDate(instant: string, timeZone: string): string {
  return formatDate(todayIn(timeZone, new Date(instant)), 'dayMonthYear');
}

export function Review({
  review,
  timeZone,
  children,
}: {
  review: ReviewView;
  timeZone: string;
  /** Below the review: the dashboard's controls. */
  children?: ReactNode;
}) {
  return (
    <>
      <p className="review-head">
        <Stars rating={review.rating} />
        <span className="review-author">{review.author}</span>
        <time className="muted" dateTime={review.createdAt}>
          {reviewDate(review.createdAt, timeZone)}
        </time>
        {review.demo && <span className="review-demo">{DEMO_REVIEW_LABEL}</span>}
      </p>
      {review.comment !== '' && <p className="review-comment">{review.comment}</p>}
      {review.reply !== null && (
        <div className="review-reply">
          <p className="review-reply-title">Respuesta del salón</p>
          <p className="review-comment">{review.reply}</p>
        </div>
      )}
      {children}
    </>
  );
}
