/**
 * Deterministic text for the fixture server's large answers: markdown of a given size in the
 * booking assistant's domain (headings, lists, tables, code, links, emphasis), and conversation
 * histories. Same input, same bytes, so benchmark runs compare.
 */

const services = ['Corte de pelo', 'Manicura', 'Masaje relajante', 'Limpieza facial', 'Tinte'];
const days = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** One markdown section (a few hundred bytes); `index` varies the content. */
function section(index: number): string {
  const service = services[index % services.length] ?? 'Servicio';
  const day = days[index % days.length] ?? 'lunes';
  const hour = 9 + (index % 9);
  switch (index % 5) {
    case 0:
      return (
        `## ${String(index + 1)}. ${service}\n\n` +
        `El **${service.toLowerCase()}** dura unos *${String(30 + (index % 4) * 15)} minutos*. ` +
        `Puedes reservarlo desde la [página de reservas](https://citabot.example/reservas/${String(index)}) ` +
        `o escribiéndome aquí. Usa el código \`CITA-${String(1000 + index)}\` si te lo piden.\n\n`
      );
    case 1:
      return (
        `Huecos libres el ${day}:\n\n` +
        `- ${String(hour)}:00 con Ana\n- ${String(hour)}:30 con Luis\n` +
        `- ${String(hour + 1)}:15 con Marta ~~(completo)~~\n\n`
      );
    case 2:
      return (
        `| Servicio | Precio | Duración |\n| --- | ---: | ---: |\n` +
        `| ${service} | ${String(15 + (index % 30))} € | ${String(30 + (index % 3) * 15)} min |\n` +
        `| Consulta | 0 € | 10 min |\n\n`
      );
    case 3:
      return (
        `> Recuerda: cancela con 24 horas de antelación.\n\n` +
        `1. Elige el servicio\n2. Elige el día (${day})\n3. Confirma con **Sí**\n\n`
      );
    default:
      return (
        '```json\n' +
        `{ "cita": ${String(index)}, "servicio": "${service}", "hora": "${String(hour)}:00" }\n` +
        '```\n\n'
      );
  }
}

/** Markdown of exactly `bytes` UTF-8 bytes (cut at a character boundary, padded with spaces). */
export function markdownOfSize(bytes: number): string {
  let text = '';
  for (let index = 0; Buffer.byteLength(text) < bytes; index += 1) text += section(index);
  let cut = text;
  while (Buffer.byteLength(cut) > bytes) cut = cut.slice(0, -1);
  return cut + ' '.repeat(bytes - Buffer.byteLength(cut));
}

/** Splits `text` into `count` pieces of nearly equal length (some cut words in half, as tokens do). */
export function splitInto(text: string, count: number): string[] {
  const pieces: string[] = [];
  const characters = Array.from(text);
  for (let index = 0; index < count; index += 1) {
    const start = Math.floor((index * characters.length) / count);
    const end = Math.floor(((index + 1) * characters.length) / count);
    pieces.push(characters.slice(start, end).join(''));
  }
  return pieces;
}

/** A LangChain-serialised history item, as n8n's memory nodes return them. */
export function historyItem(sender: 'human' | 'ai', content: string): unknown {
  return sender === 'human'
    ? {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'HumanMessage'],
        kwargs: { content, additional_kwargs: {}, response_metadata: {} },
      }
    : {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'AIMessage'],
        kwargs: {
          content,
          tool_calls: [],
          invalid_tool_calls: [],
          additional_kwargs: {},
          response_metadata: {},
        },
      };
}

/** A conversation of `count` messages, the user's and the assistant's in turn. */
export function conversation(count: number): unknown[] {
  const items: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    items.push(
      index % 2 === 0
        ? historyItem(
            'human',
            `¿Tenéis hueco para ${services[index % services.length] ?? ''}? (${String(index)})`,
          )
        : historyItem('ai', section(index)),
    );
  }
  return items;
}
