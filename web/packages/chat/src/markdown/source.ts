/**
 * What to show for a bot message whose text is not a string: n8n can answer with an object or an
 * array as `output`, and multimodal history content is an array of parts.
 */

interface TextPart {
  text: string;
}

function isTextPart(part: unknown): part is string | TextPart {
  return (
    typeof part === 'string' ||
    (typeof part === 'object' &&
      part !== null &&
      typeof (part as Partial<TextPart>).text === 'string')
  );
}

/**
 * Markdown for any value: a string as it is; nothing for null and undefined; numbers and booleans
 * as text; an array with text parts (strings or `{ text }` objects) as those texts, one paragraph
 * each; anything else as pretty-printed JSON in a code block. Never throws.
 */
export function toMarkdownSource(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object' || value === null) return '';
  if (Array.isArray(value)) {
    const texts = value
      .filter(isTextPart)
      .map((part) => (typeof part === 'string' ? part : part.text));
    if (texts.length > 0) return texts.join('\n\n');
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, 2);
  } catch {
    json = undefined;
  }
  if (json === undefined) return '';
  // A fence longer than any run of backticks inside, so the JSON cannot close it.
  const longest = Math.max(0, ...(json.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}json\n${json}\n${fence}`;
}
