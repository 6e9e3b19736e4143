/**
 * A body as a person wants to read it: JSON indented, anything else as it came.
 *
 * JSON is re-indented token by token rather than parsed and printed again, so the evidence stays
 * exactly what the server sent: `JSON.stringify(JSON.parse(…))` would turn `1e400` into `null`,
 * round 2^53 + 1 and drop duplicate keys.
 */
export function prettyBody(body: string): string {
  try {
    JSON.parse(body);
  } catch {
    return body;
  }
  return reindent(body.trim());
}

function reindent(json: string): string {
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < json.length; i++) {
    const char = json.charAt(i);
    if (char === '"') {
      const end = stringEnd(json, i);
      out += json.slice(i, end);
      i = end - 1;
    } else if (char === '{' || char === '[') {
      const next = json.slice(i + 1).trimStart()[0];
      if (next === '}' || next === ']') {
        out += char + next;
        i = json.indexOf(next, i + 1);
      } else {
        depth++;
        out += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out += newline() + char;
    } else if (char === ',') out += `,${newline()}`;
    else if (char === ':') out += ': ';
    else if (!/\s/.test(char)) out += char;
  }
  return out;
}

/** Index just past the closing quote of the JSON string that opens at `start`. */
function stringEnd(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
  return i + 1;
}
