/**
 * The mark of a cita whose client said "Sí, voy" from their reminder, put after its
 * status: a mark beside it, never a status (the salon's `confirmada` is its own decision).
 */
export function ClientConfirmedMark({ className }: { className: string }) {
  return (
    <span className={className}>
      {' · '}
      <span aria-hidden="true">✓ </span>
      Ha avisado de que viene
    </span>
  );
}
