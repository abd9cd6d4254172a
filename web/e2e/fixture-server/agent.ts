/**
 * The fixture server's `agent` scenario: what a small n8n workflow with an AI Agent and an MCP
 * Client Tool does, without the model. It reaches citabot only through the `mcpUrl` that
 * citabot put in the message's `metadata.citabot` (docs/PROTOCOL.md §11): one JSON-RPC message
 * per POST, no session, no other credential. Deterministic, so a spec can check each step.
 */

/** One JSON-RPC message the agent sent, as the fixture server logs it. */
export interface McpCall {
  url: string;
  method: string;
  /** For `tools/call`: the tool, its arguments, and whether it refused. */
  tool?: string;
  arguments?: Record<string, unknown>;
  isError?: boolean;
}

interface ToolResult {
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
  isError?: boolean;
}

interface FreeTime {
  start: string;
  date: string;
  time: string;
  staffId: string;
  staffName: string;
}

interface CitaView {
  id: string;
  date: string;
  time: string;
  staffName: string;
  services: { name: string }[];
}

/** A tool's refusal: the sentence citabot wrote for the visitor. */
class Refused extends Error {}

/** The demo salon's zone: "tomorrow" is the salon's, not the machine's. */
const SALON_ZONE = 'Europe/Madrid';

/** The workflow's answer to one `sendMessage`. */
export async function agentReply(
  fields: Record<string, unknown>,
  log: (call: McpCall) => void,
): Promise<{ output: string }> {
  const url = mcpUrl(fields.metadata);
  if (url === undefined) return { output: 'No he recibido metadata.citabot.mcpUrl.' };
  const text = typeof fields.chatInput === 'string' ? fields.chatInput : '';
  const sessionId = typeof fields.sessionId === 'string' ? fields.sessionId : '';
  const mcp = client(url, log);
  await mcp.initialize();
  if (/qu[ée] citas tengo/i.test(text)) {
    return { output: await saying('No he podido ver tus citas', listCitas(mcp)) };
  }
  if (/quiero/i.test(text)) {
    return { output: await saying('No he podido reservar', book(mcp, text, sessionId)) };
  }
  return { output: 'Puedo reservarte una cita o decirte cuáles tienes.' };
}

/** The answer, or a tool's refusal passed on to the visitor after `prefix`. */
async function saying(prefix: string, answer: Promise<string>): Promise<string> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof Refused) return `${prefix}: ${error.message}`;
    throw error;
  }
}

/** `metadata.citabot.mcpUrl`; n8n hands a workflow its metadata as an object or as JSON text. */
function mcpUrl(metadata: unknown): string | undefined {
  let value = metadata;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  const citabot = (value as { citabot?: { mcpUrl?: unknown } } | null)?.citabot;
  return typeof citabot?.mcpUrl === 'string' ? citabot.mcpUrl : undefined;
}

type Client = ReturnType<typeof client>;

function client(url: string, log: (call: McpCall) => void) {
  let nextId = 1;
  async function post(message: Record<string, unknown>): Promise<unknown> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', ...message }),
    });
    // A notification is accepted with 202 and no body.
    if (response.status === 202) return undefined;
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (!response.ok || body.error) {
      throw new Error(`MCP ${String(response.status)}: ${body.error?.message ?? 'no result'}`);
    }
    return body.result;
  }
  return {
    async initialize(): Promise<void> {
      log({ url, method: 'initialize' });
      await post({
        id: nextId++,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'citabot-e2e-agent', version: '1' },
        },
      });
      log({ url, method: 'notifications/initialized' });
      await post({ method: 'notifications/initialized' });
    },
    /** A tool's `structuredContent`; a refusal throws its sentence. */
    async call<T>(tool: string, args: Record<string, unknown>): Promise<T> {
      const result = (await post({
        id: nextId++,
        method: 'tools/call',
        params: { name: tool, arguments: args },
      })) as ToolResult;
      log({ url, method: 'tools/call', tool, arguments: args, isError: result.isError === true });
      if (result.isError) throw new Refused(result.content?.[0]?.text ?? 'sin motivo');
      return result.structuredContent as T;
    },
  };
}

async function book(mcp: Client, text: string, sessionId: string): Promise<string> {
  const { services } = await mcp.call<{ services: { id: string; name: string }[] }>(
    'list_services',
    {},
  );
  const service = services.find((each) => each.name.includes('Corte')) ?? services[0];
  if (service === undefined) return 'El salón no tiene servicios.';
  const { times } = await mcp.call<{ times: FreeTime[] }>('find_free_times', {
    serviceIds: [service.id],
    from: salonDate(1),
    to: salonDate(14),
  });
  const first = times[0];
  if (first === undefined) return 'No hay horas libres en las dos próximas semanas.';
  const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text)?.[0];
  const { cita } = await mcp.call<{ cita: CitaView }>('book_cita', {
    serviceIds: [service.id],
    start: first.start,
    staffId: first.staffId,
    client: { name: /soy ([^,]+)/i.exec(text)?.[1]?.trim() ?? 'Sin nombre', email },
    // One booking per conversation: a retried message books nothing new.
    idempotencyKey: sessionId,
  });
  return (
    `Reservada tu cita de ${service.name} el ${cita.date} a las ${cita.time} ` +
    `con ${cita.staffName}. Referencia ${cita.id}.`
  );
}

async function listCitas(mcp: Client): Promise<string> {
  const { citas } = await mcp.call<{ citas: CitaView[] }>('list_citas', {});
  if (citas.length === 0) return 'No tienes citas.';
  const each = citas.map(
    (cita) =>
      `${cita.services.map((service) => service.name).join(', ')} el ${cita.date} ` +
      `a las ${cita.time} con ${cita.staffName} (referencia ${cita.id})`,
  );
  return `Tus citas: ${each.join('; ')}.`;
}

/** The salon's date `days` after today, as YYYY-MM-DD. */
function salonDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: SALON_ZONE }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
