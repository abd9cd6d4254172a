/**
 * The public pages' last question before a cita is cancelled, in place of the buttons that led
 * to it: a cancellation cannot be undone, so it takes a second, explicit "Sí".
 */
export function CancelQuestion({
  sending,
  onConfirm,
  onKeep,
}: {
  sending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="confirm" role="group" aria-label="Confirmar la cancelación">
      <p>¿Seguro que quieres cancelar esta cita?</p>
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          disabled={sending}
          onClick={onConfirm}
        >
          Sí, cancelar la cita
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={sending}
          onClick={onKeep}
        >
          No, mantenerla
        </button>
      </div>
    </div>
  );
}
