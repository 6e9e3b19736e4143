/** Plain JSON data: what JSON.parse gives, and all this writer takes. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Keys written bare: identifiers every YAML parser reads back as the same string. */
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Words YAML 1.2 or YAML 1.1 (still read by many tools) takes for a boolean or null when bare. */
const RESERVED_WORD = /^(?:y|n|yes|no|on|off|true|false|null)$/i;
/** YAML allows an implicit key of at most 1024 characters; a longer one is written as an explicit key (`? key`). */
const MAX_IMPLICIT_KEY = 1024;
/**
 * Characters a JSON string may hold unescaped but a YAML double-quoted scalar may not (outside
 * YAML's printable set), or that YAML 1.1 reads as a line break (NEL, U+2028, U+2029).
 */
const NOT_YAML_PRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

/**
 * A JSON string literal is a YAML double-quoted scalar with the same escapes (YAML 1.2 is a JSON
 * superset), once the characters YAML does not take unescaped are escaped as well.
 */
function quoted(text: string): string {
  return JSON.stringify(text).replace(NOT_YAML_PRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function keyText(key: string): string {
  return PLAIN_KEY.test(key) && !RESERVED_WORD.test(key) ? key : quoted(key);
}

/** The one-line form of a value, where it has one: scalars and empty collections. */
function inline(value: JsonValue): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string') return quoted(value);
  // JSON's number text is YAML's: JSON.stringify writes -0 as 0, as JSON.parse would read it back.
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : undefined;
  return Object.keys(value).length === 0 ? '{}' : undefined;
}

/** The lines of a non-empty array or object in block style, each starting with `indent`. */
function block(value: JsonValue[] | JsonObject, indent: string): string[] {
  const nested = `${indent}  `;
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const text = inline(item);
      if (text !== undefined) return [`${indent}- ${text}`];
      // The item's first line goes on the dash's line, in the place its indentation would take.
      const [first, ...rest] = block(item as JsonValue[] | JsonObject, nested);
      // A non-empty value has a first line.
      return first === undefined ? [] : [`${indent}- ${first.slice(nested.length)}`, ...rest];
    });
  }
  return Object.entries(value).flatMap(([key, item]) => {
    const written = keyText(key);
    const text = inline(item);
    const children = text === undefined ? block(item as JsonValue[] | JsonObject, nested) : [];
    if (written.length > MAX_IMPLICIT_KEY) {
      return text === undefined ? [`${indent}? ${written}`, `${indent}:`, ...children] : [`${indent}? ${written}`, `${indent}: ${text}`];
    }
    return text === undefined ? [`${indent}${written}:`, ...children] : [`${indent}${written}: ${text}`];
  });
}

/** JSON data as a YAML document: block style, every string double-quoted, keys bare where that reads back the same. */
export function toYaml(value: JsonValue): string {
  const text = inline(value);
  return `${text ?? block(value as JsonValue[] | JsonObject, '').join('\n')}\n`;
}
