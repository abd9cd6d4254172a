import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
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

/** The keys that move between choices, and where each goes from `index` of `count`. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A named group of choice buttons: the quick replies under a bot reply, or a card's actions.
 * Each shows its label and sends its value through `choose`. The group is one Tab stop (a
 * toolbar): the arrow keys, Home and End move between its buttons, Enter or Space sends one.
 */
export function Choices({ choices, label, choose, className, primaryFirst = false }: ChoicesProps) {
  const [current, setCurrent] = useState(0);
  const group = useRef<HTMLDivElement>(null);
  const active = Math.min(current, choices.length - 1);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = MOVES[event.key];
    if (!move || choices.length === 0) return;
    event.preventDefault();
    const next = move(active, choices.length);
    setCurrent(next);
    group.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <div
      ref={group}
      className={className}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
    >
      {choices.map(({ label: text, value }, index) => (
        <button
          key={index}
          type="button"
          className={primaryFirst && index === 0 ? 'chat-chip chat-chip-primary' : 'chat-chip'}
          tabIndex={index === active ? 0 : -1}
          onFocus={() => {
            setCurrent(index);
          }}
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
