import { Chat } from '@citabot/chat';
import { chatOptions } from './chat/chatConfig';

/** The site: the demo business's landing page, with the chat widget on every page. */
export function App() {
  return (
    <>
      <main className="landing">
        <h1>Peluquería Citabot</h1>
        <p>
          Cortes, color y peinados en el centro de la ciudad. Reserva tu cita cuando quieras: abre
          el chat en la esquina inferior derecha y nuestro asistente te ayudará a elegir el
          servicio, el día y la hora.
        </p>
      </main>
      <Chat {...chatOptions(window.location.origin)} />
    </>
  );
}
