/**
 * A JSON object as the reference server reads and writes it: request bodies, answers and the
 * records inside them. The server keeps its own test rather than the kit's checks' one, so that
 * what the server answers never changes with how the kit judges answers.
 */
export type Json = Record<string, unknown>;

/** An object that is not null and not an array: what a JSON object parses to. */
export function isPlainObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
