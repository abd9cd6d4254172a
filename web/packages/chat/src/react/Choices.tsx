import type { MouseEvent } from 'react';
import type { ChatChoice } from '../core/messages';

/**
 * Sends a choice's `value` as the visitor's message. The click's event tells a keyboard's
 * activation (`detail` 0) from a tap.
 */
export type Choose = (value: string, event: MouseEvent) => void;

export interface ChoicesProps {
  choices: readonly ChatChoice[];
  /** The group's accessible name. */
  label: string;
  /** Called with the value of the choice used. */
  choose: Choose;
  className: string;
  /** Draws the first choice as the main one (filled); the others stay outlined. */
  primaryFirst?: boolean;
}

/**
 * A named group of choice buttons: the quick replies under a bot reply, or a card's actions.
 * Each shows its label and sends its value through `choose`.
 */
export function Choices({ choices, label, choose, className, primaryFirst = false }: ChoicesProps) {
  return (
    <div className={className} role="group" aria-label={label}>
      {choices.map(({ label: text, value }, index) => (
        <button
          key={index}
          type="button"
          className={primaryFirst && index === 0 ? 'chat-chip chat-chip-primary' : 'chat-chip'}
          onClick={(event) => {
            choose(value, event);
          }}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
