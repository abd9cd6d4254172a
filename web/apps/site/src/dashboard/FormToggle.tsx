interface FormToggleProps {
  label: string;
  /** Whether the form it opens is open now. */
  open: boolean;
  onToggle: () => void;
  /** The form's id, when it has one. */
  controls?: string;
}

/** The primary button of a section that opens its form, and closes it again. */
export function FormToggle({ label, open, onToggle, controls }: FormToggleProps) {
  return (
    <button
      type="button"
      className="button button-primary"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {label}
    </button>
  );
}
