/**
 * Opiniones (issue 24, staff): every review, newest first, the hidden ones too and marked so.
 * Staff answer a review ("Responder", then edit or take the answer back) and hide one from the
 * landing page or show it again; each is one PATCH, its answer shown in place.
 */
import { useState, type SubmitEvent } from 'react';
import { useStaffReviews } from '../../api/reviews';
import type { ReviewPatch, ReviewView } from '../../api/types';
import { Review } from '../../reviews/Review';
import { formatRating } from '../../reviews/Stars';
import { Field } from '../../shell/Field';
import { Skeleton } from '../../shell/Skeleton';
import { useToast } from '../../shell/toast';
import { DashboardSection } from '../DashboardSection';
import './reviews.css';

/** The server's limit on an answer, in characters. */
const MAX_REPLY_CHARS = 1000;

export function Reviews({ timeZone }: { timeZone: string }) {
  const reviews = useStaffReviews();
  const { summary } = reviews;
  return (
    <DashboardSection title="Opiniones">
      {summary && summary.count > 0 && (
        <p>
          En la web: <strong>{formatRating(summary.average)} de 5</strong> ·{' '}
          {summary.count === 1 ? '1 opinión' : `${String(summary.count)} opiniones`}
        </p>
      )}
      {reviews.loading ? (
        <Skeleton variant="block" count={3} height="6rem" />
      ) : reviews.failed ? (
        <p className="dash-empty">No se pudieron leer las opiniones.</p>
      ) : reviews.items.length === 0 ? (
        <p className="dash-empty">
          Todavía no hay opiniones. Cuando marques una cita como completada, su cliente recibirá por
          correo un enlace para darla.
        </p>
      ) : (
        <ul className="dash-reviews">
          {reviews.items.map((review) => (
            <li key={review.id} className="card dash-review" data-hidden={review.hidden}>
              <StaffReview review={review} timeZone={timeZone} change={reviews.change} />
            </li>
          ))}
        </ul>
      )}
      {reviews.hasMore && (
        <button
          type="button"
          className="button button-secondary"
          disabled={reviews.loadingMore}
          onClick={() => void reviews.loadMore()}
        >
          Cargar más
        </button>
      )}
    </DashboardSection>
  );
}

function StaffReview({
  review,
  timeZone,
  change,
}: {
  review: ReviewView;
  timeZone: string;
  change: (id: string, patch: ReviewPatch) => Promise<ReviewView>;
}) {
  const { toast, error: showError } = useToast();
  const [answering, setAnswering] = useState(false);
  const [busy, setBusy] = useState(false);
  // Names each button apart from the same button of the other reviews.
  const whose = <span className="visually-hidden">la opinión de {review.author}</span>;

  async function send(patch: ReviewPatch, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await change(review.id, patch);
      toast({ title: done });
      return true;
    } catch (cause) {
      showError(cause, 'No se pudo cambiar la opinión');
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {review.hidden && (
        <p className="dash-review-hidden">
          <strong>Oculta:</strong> no se ve en la web.
        </p>
      )}
      <Review review={review} timeZone={timeZone} />
      {answering ? (
        <ReplyForm
          review={review}
          busy={busy}
          onSave={async (reply) => {
            if (await send({ reply }, 'Respuesta guardada')) setAnswering(false);
          }}
          onCancel={() => {
            setAnswering(false);
          }}
        />
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => {
              setAnswering(true);
            }}
          >
            {review.reply === null ? 'Responder' : 'Editar la respuesta'}{' '}
            <span className="visually-hidden">a {review.author}</span>
          </button>
          {review.reply !== null && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void send({ reply: null }, 'Respuesta quitada')}
            >
              Quitar la respuesta <span className="visually-hidden">a {review.author}</span>
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() =>
              void send(
                { hidden: !review.hidden },
                review.hidden ? 'La opinión vuelve a verse en la web' : 'Opinión oculta',
              )
            }
          >
            {review.hidden ? 'Mostrar' : 'Ocultar'} {whose}
          </button>
        </div>
      )}
    </>
  );
}

function ReplyForm({
  review,
  busy,
  onSave,
  onCancel,
}: {
  review: ReviewView;
  busy: boolean;
  onSave: (reply: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(review.reply ?? '');
  const length = Array.from(text).length;
  const tooLong = length > MAX_REPLY_CHARS;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!tooLong) void onSave(text.trim());
  }

  return (
    <form
      className="form dash-review-reply"
      aria-label={`Respuesta a ${review.author}`}
      onSubmit={submit}
    >
      <Field
        label="Respuesta del salón"
        hint={`${String(length)} de ${String(MAX_REPLY_CHARS)} caracteres. Se publica bajo la opinión.`}
        error={tooLong ? 'Como mucho 1000 caracteres.' : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            // The form opens on a button press: the next keystroke belongs here.
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
        )}
      </Field>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={busy || tooLong}>
          Guardar respuesta
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
