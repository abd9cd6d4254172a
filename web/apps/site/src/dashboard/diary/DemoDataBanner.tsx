/**
 * Above the diary while the demo's week of citas is there: says that some citas (and their
 * reviews) are the demo's, and lets an administrador take them away, after a question, since it
 * cannot be undone. The salon, its team, services and settings stay.
 */
import { useState } from 'react';
import { useDemoData } from '../../api/demo';
import { useAuth } from '../../auth/AuthContext';
import { useToast } from '../../shell/toast';
import { ConfirmDialog } from '../ConfirmDialog';

export function DemoDataBanner({ onRemoved }: { onRemoved: () => void }) {
  const { user } = useAuth();
  const demo = useDemoData();
  const { toast, error: showError } = useToast();
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  if (!demo.present) return null;

  async function remove() {
    setAsking(false);
    setRemoving(true);
    try {
      const removed = await demo.remove();
      toast({
        title: 'Datos de demostración quitados',
        description:
          removed === 1 ? 'Se ha borrado 1 cita.' : `Se han borrado ${String(removed)} citas.`,
      });
      onRemoved();
    } catch (cause) {
      showError(cause, 'No se pudieron quitar los datos de demostración');
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="diary-demo" role="note">
      <p>Esta agenda incluye citas de demostración (y sus opiniones).</p>
      {user?.role === 'administrador' && (
        <button
          type="button"
          className="button button-secondary"
          disabled={removing}
          onClick={() => {
            setAsking(true);
          }}
        >
          Quitar los datos de demostración
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title="¿Quitar los datos de demostración?"
          description="Se borrarán las citas de demostración, sus clientes y sus opiniones. El salón, el equipo, los servicios y los ajustes se quedan como están."
          confirmLabel="Quitar los datos"
          onCancel={() => {
            setAsking(false);
          }}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  );
}
