/**
 * The review page's 1–5 stars: native radio buttons (one named group, the arrow keys move and
 * choose, the chosen one is announced), each labelled "1 estrella" … "5 estrellas" and drawn as
 * a star, filled up to the chosen one.
 */
import { useId } from 'react';
import { MAX_STARS, StarShape, starsLabel } from '../../reviews/Stars';

interface StarPickerProps {
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
}

export function StarPicker({ value, onChange, error }: StarPickerProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-picker" aria-describedby={error ? errorId : undefined}>
      <legend>Tu valoración</legend>
      <div className="star-picker-options">
        {Array.from({ length: MAX_STARS }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className="star-picker-option">
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => {
                  onChange(stars);
                }}
              />
              <StarShape filled={value !== null && stars <= value} />
              <span className="visually-hidden">{starsLabel(stars)}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
