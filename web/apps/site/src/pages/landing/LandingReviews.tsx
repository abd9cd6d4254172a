/**
 * The landing page's "Opiniones": the salon's average and count, and the newest reviews with the
 * salon's answers. Only real data: with no review shown there is no section at all, and a demo
 * review says it is one. While they load, a placeholder holds about the section's room, so the
 * page below does not jump when they arrive.
 */
import type { ReviewList } from '../../api/types';
import { Review } from '../../reviews/Review';
import { formatRating, Stars } from '../../reviews/Stars';
import { Skeleton } from '../../shell/Skeleton';

/** 1 → "1 opinión", 12 → "12 opiniones". */
function countText(count: number): string {
  return count === 1 ? '1 opinión' : `${String(count)} opiniones`;
}

export function LandingReviews({
  list,
  loading,
  timeZone,
}: {
  list: ReviewList | null;
  loading: boolean;
  timeZone: string;
}) {
  if (loading) {
    // About the room of the title, the average and a row of cards.
    return <Skeleton variant="block" height="17rem" />;
  }
  if (!list || list.summary.count === 0 || list.items.length === 0) return null;
  const { summary } = list;
  return (
    <section aria-labelledby="reviews-title" className="landing-section landing-reviews">
      <h2 id="reviews-title">Opiniones</h2>
      <p className="landing-rating">
        <Stars rating={summary.average} spoken={null} />
        <strong>{formatRating(summary.average)} de 5</strong>
        <span className="muted">· {countText(summary.count)}</span>
      </p>
      <ul className="landing-review-list">
        {list.items.map((review) => (
          <li key={review.id} className="card landing-review">
            <Review review={review} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    </section>
  );
}
