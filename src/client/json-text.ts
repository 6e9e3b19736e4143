import type { ParsedBody } from './exchange.js';

/** A body's text parsed as JSON, or why it could not be. */
export function parseJson(text: string): ParsedBody {
  if (text.trim() === '') return { ok: false, reason: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
