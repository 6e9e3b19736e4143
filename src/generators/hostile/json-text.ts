/*
 * Writing a payload as JSON text with one edit spliced in. Hostile values are carried as JSON
 * text, not as JavaScript values, because several cannot go through JSON.stringify: an overflowing
 * number (`1e400`), a `__proto__` member, invalid tokens such as `NaN`.
 */

/** Where a value sits in a payload: property names and array indexes, e.g. ['items', 0, 'pCode']. */
export type Path = readonly (string | number)[];

/** One change to the payload's text. */
export type Edit =
  /** Write `text` in place of the value at `path`. */
  | { readonly op: 'set'; readonly path: Path; readonly text: string }
  /** Leave out the member at `path`. */
  | { readonly op: 'remove'; readonly path: Path }
  /** Append the member `key: text` to the object at `path`. */
  | { readonly op: 'add'; readonly path: Path; readonly key: string; readonly text: string };

/**
 * The payload as compact JSON (what JSON.stringify writes) with the edit applied. Throws when the
 * edit's path is not in the payload: a generator bug, which would otherwise send a valid body.
 */
export function writeEdited(payload: unknown, edit: Edit): string {
  const { path } = edit;
  let applied = false;
  // Only the values along the edit's path are written member by member; what lies off it is plain JSON, and JSON.stringify writes it.
  const write = (value: unknown, depth: number): string => {
    if (edit.op === 'set' && depth === path.length) {
      applied = true;
      return edit.text;
    }
    const next = path[depth];
    const inner = (child: unknown, segment: string | number) => (segment === next ? write(child, depth + 1) : JSON.stringify(child));
    if (Array.isArray(value)) return `[${value.map(inner).join(',')}]`;
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const members: string[] = [];
    for (const [key, child] of Object.entries(value)) {
      if (edit.op === 'remove' && depth === path.length - 1 && key === next) applied = true;
      else members.push(`${JSON.stringify(key)}:${inner(child, key)}`);
    }
    if (edit.op === 'add' && depth === path.length) {
      applied = true;
      members.push(`${JSON.stringify(edit.key)}:${edit.text}`);
    }
    return `{${members.join(',')}}`;
  };
  const text = write(payload, 0);
  if (!applied) throw new Error(`Edit ${edit.op} at ${pathText(edit.path)} found no place in ${shorten(JSON.stringify(payload))}.`);
  return text;
}

/** The value at `path`, or undefined. */
export function valueAt(payload: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (value, segment) => (value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[segment] : undefined),
    payload,
  );
}

/*
 * Control, format and separator characters, private-use and lone surrogates: written as escapes in
 * descriptions so that a U+202E or a NUL cannot scramble the console or a report.
 */
const invisible = /[\p{Cn}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/gu;

/** Text made safe to print: invisible characters escaped, cut to `max` code points with "…". */
export function shorten(text: string, max = 60): string {
  const visible = text.replace(invisible, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  // A text of no more UTF-16 units than `max` has no more code points either: only a longer one is counted.
  if (visible.length <= max) return visible;
  const points = [...visible];
  return points.length <= max ? visible : `${points.slice(0, max - 1).join('')}…`;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** A path as people write it: 'pageSize', 'items[0].pCode'; the whole body is 'body'. */
export function pathText(path: Path): string {
  if (path.length === 0) return 'body';
  return path
    .map((segment, i) => {
      if (typeof segment === 'number') return `[${segment}]`;
      if (identifier.test(segment) && segment.length <= 40) return i === 0 ? segment : `.${segment}`;
      return `[${shorten(JSON.stringify(segment), 24)}]`;
    })
    .join('');
}
