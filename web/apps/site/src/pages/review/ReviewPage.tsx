/**
 * `/opinion/<token>`: the page a completed cita's email links to (issue 24), with the stars the
 * client tapped in the email as `?estrellas=N`. Whoever holds the link gives the cita 1 to 5 stars
 * and a few words, once. Opening the page only reads (mail scanners open links): the review is
 * sent by "Enviar opinión" alone. A review already given is shown instead of the form; a cita not
 * completed yet and a forged or expired link each get a sentence and the way to the landing page.
 * Like the manage link's page, it sends no referrer: its address is the credential.
 */
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { errorMessage } from '../../api/http';
import { submitReview, useReviewInvitation } from '../../api/reviews';
import type { ReviewInvitationView, ReviewView } from '../../api/types';
import { Review } from '../../reviews/Review';
import { MAX_STARS } from '../../reviews/Stars';
import { useTimeZone } from '../../shell/business';
import { Field } from '../../shell/Field';
import { formatDate, formatTime } from '../../shell/format';
import { Link, linkToken } from '../../shell/router';
import { Skeleton } from '../../shell/Skeleton';
import { useNoReferrer } from '../../shell/useNoReferrer';
import { usePageTitle } from '../../shell/usePageTitle';
import { StarPicker } from './StarPicker';
import './review.css';

/** The path prefix of a review link; what follows it is the token. */
export const REVIEW_PATH = '/opinion/';

/** The token of a review link's path, or null when the path is not one. */
export function reviewToken(path: string): string | null {
  return linkToken(path, REVIEW_PATH);
}

/** The server's limit on a comment, in characters. */
export const MAX_COMMENT_CHARS = 1000;

/** The stars the email's link chose (`?estrellas=4`), when they are 1 to 5. */
function starsFromLink(): number | null {
  const asked = Number(new URLSearchParams(window.location.search).get('estrellas'));
  return Number.isInteger(asked) && asked >= 1 && asked <= MAX_STARS ? asked : null;
}

/** "Tu cita del jueves 3 de diciembre a las 10:00 · Corte de pelo · con Lucía". */
function citaSentence(invitation: ReviewInvitationView): string {
  const parts = [
    `Tu cita del ${formatDate(invitation.date, 'inSentence')} a las ${formatTime(invitation.startMin)}`,
  ];
  if (invitation.services.length > 0) parts.push(invitation.services.join(', '));
  if (invitation.staffName !== '') parts.push(`con ${invitation.staffName}`);
  return parts.join(' · ');
}

export function ReviewPage({ token }: { token: string }) {
  useNoReferrer();
  const { loaded, retry, reviewed } = useReviewInvitation(token);

  switch (loaded.state) {
    case 'loading':
      return (
        <Page title="Tu opinión">
          <Skeleton variant="block" count={2} />
        </Page>
      );
    case 'invalid':
      return (
        <Page title="Enlace no válido">
          <p>{loaded.message}</p>
          <HomeLink />
        </Page>
      );
    case 'notCompleted':
      return (
        <Page title="Todavía no puedes opinar">
          <p>{loaded.message}</p>
          <HomeLink />
        </Page>
      );
    case 'failed':
      return (
        <Page title="Tu opinión">
          <p role="alert">{loaded.message}</p>
          <button type="button" className="button button-primary" onClick={retry}>
            Reintentar
          </button>
        </Page>
      );
    case 'ready': {
      const { invitation } = loaded;
      return invitation.review ? (
        <Thanks invitation={invitation} review={invitation.review} />
      ) : (
        <Page title={`¿Qué tal tu cita en ${invitation.salonName}?`}>
          <p className="review-cita">{citaSentence(invitation)}</p>
          <ReviewForm token={token} onSent={reviewed} />
        </Page>
      );
    }
  }
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page narrow review-page">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

function HomeLink() {
  return (
    <p>
      <Link to="/" className="button button-primary">
        Ir al inicio
      </Link>
    </p>
  );
}

/** The review given (just now, or on an earlier visit): the link takes no other. */
function Thanks({ invitation, review }: { invitation: ReviewInvitationView; review: ReviewView }) {
  const timeZone = useTimeZone();
  return (
    <Page title="¡Gracias por tu opinión!">
      <p className="review-cita">{citaSentence(invitation)}</p>
      <section className="card" aria-label="Tu opinión">
        <Review review={review} timeZone={timeZone} />
      </section>
      <HomeLink />
    </Page>
  );
}

function ReviewForm({ token, onSent }: { token: string; onSent: (review: ReviewView) => void }) {
  const [stars, setStars] = useState<number | null>(starsFromLink);
  const [comment, setComment] = useState('');
  const [missingStars, setMissingStars] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Characters as the server counts them (code points), not UTF-16 units.
  const length = Array.from(comment).length;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stars === null) {
      setMissingStars(true);
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      const trimmed = comment.trim();
      onSent(
        await submitReview(token, { rating: stars, ...(trimmed ? { comment: trimmed } : {}) }),
      );
    } catch (cause) {
      setRefusal(errorMessage(cause));
      setSending(false);
    }
  }

  return (
    <form className="form card" aria-label="Tu opinión" onSubmit={(event) => void submit(event)}>
      <StarPicker
        value={stars}
        onChange={(chosen) => {
          setStars(chosen);
          setMissingStars(false);
        }}
        error={missingStars ? 'Elige de 1 a 5 estrellas.' : undefined}
      />
      <Field
        label="Cuéntanos qué tal (opcional)"
        hint={`${String(length)} de ${String(MAX_COMMENT_CHARS)} caracteres`}
        error={length > MAX_COMMENT_CHARS ? 'Como mucho 1000 caracteres.' : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={5}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
            }}
          />
        )}
      </Field>
      <p className="muted">
        Tu opinión se publica en nuestra página con tu nombre y la inicial de tu apellido, y el
        salón puede contestarla.
      </p>
      {refusal !== null && (
        <p role="alert" className="form-error">
          {refusal}
        </p>
      )}
      <button
        type="submit"
        className="button button-primary"
        disabled={sending || length > MAX_COMMENT_CHARS}
      >
        {sending ? 'Enviando…' : 'Enviar opinión'}
      </button>
    </form>
  );
}
