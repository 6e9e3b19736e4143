import type { AnsweredExchange, Finding } from '../../types.js';

/** A field the HTTP standard requires in an answer of one status. */
export interface RequiredField {
  readonly status: number;
  /** As the standard writes it: `WWW-Authenticate`. */
  readonly name: string;
  /** Whether an empty value says what the field must (an empty Allow: "the resource allows no methods"); where not, empty is missing. */
  readonly emptySays: boolean;
}

/**
 * The one finding of an answer of the status without the field the standard requires with it (405
 * with Allow, 401 with WWW-Authenticate, 426 with Upgrade); none for another status, or where the
 * field is there. `expected` says what the field carries.
 */
export function requiredField(exchange: AnsweredExchange, { status, name, emptySays }: RequiredField, expected: string): Finding[] {
  const value = exchange.response.headers[name.toLowerCase()];
  if (exchange.response.status !== status || (value !== undefined && (emptySays || value.trim() !== ''))) return [];
  const { method, httpVersion } = exchange.request;
  return [{ instancePath: '', expected, actual: `HTTP ${status} to ${httpVersion === '1.0' ? 'an HTTP/1.0 ' : ''}${method} without ${name}` }];
}
