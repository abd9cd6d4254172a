interface ToggleGroupProps<T extends string | number> {
  /** Names the group for screen readers ("Vista", "Periodo"). */
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}

/** A row of pressed/unpressed buttons choosing one of a few views; the chosen one is pressed. */
export function ToggleGroup<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: ToggleGroupProps<T>) {
  return (
    <div className="dash-segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="button button-secondary"
          aria-pressed={option.value === value}
          onClick={() => {
            onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
