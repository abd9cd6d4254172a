/**
 * "Conectar n8n" in Ajustes › Integraciones: where the salon's MCP endpoint is (this site's own
 * origin) and how an n8n AI Agent reaches it, as a chat's answerer or as staff. Help to read;
 * nothing here is sent to the server.
 */
import { CopyButton } from './CopyButton';

/** The repository's n8n examples. */
export const N8N_EXAMPLES_URL = 'https://github.com/citabot/citabot/tree/main/examples/n8n';

/**
 * The n8n expression that reads, from each chat message, the MCP address of that message's
 * visitor, which can do only what the visitor may. Shown as written.
 */
const CHAT_MCP_URL = '{{ $json.metadata.citabot.mcpUrl }}';

export function ConnectN8n() {
  // The salon's MCP endpoint is served beside this page.
  const endpoint = `${window.location.origin}/mcp`;
  return (
    <div className="settings-block settings-help">
      <h2>Conectar n8n</h2>
      <p>
        Un agente de IA (el de n8n o cualquiera que use MCP) trabaja con la agenda del salón en esta
        dirección:
      </p>
      <code className="settings-copyable">{endpoint}</code>
      <CopyButton text={endpoint} what="la dirección MCP" />
      <ol className="settings-steps">
        <li>En tu workflow de n8n, añade una herramienta «MCP Client Tool» al nodo «AI Agent».</li>
        <li>
          Si el workflow responde al chat del salón, pon como endpoint <code>{CHAT_MCP_URL}</code>:
          es la dirección propia de cada visitante, con lo que ese visitante puede hacer, y no
          necesita credencial.
        </li>
        <li>
          Si el workflow trabaja como alguien del equipo, pon como endpoint <code>{endpoint}</code>,
          elige «Bearer Auth» y usa como token una de las claves de API de arriba.
        </li>
      </ol>
      <p>
        <a href={N8N_EXAMPLES_URL}>Ejemplos de workflows</a>
      </p>
    </div>
  );
}
