import type { Exchange, Precondition } from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** 429 is a rate limit the kit could not wait out: no answer to judge (rate-limited reports it). */
function answered(exchange: Exchange): boolean {
  return exchange.response !== undefined && exchange.response.status !== 429;
}

/**
 * 2.1 gives `error` as "Error result data" and 7 rule 1 says errors are carried in the envelope:
 * a non-empty `error` object marks an error result, whose `data` is not the documented payload.
 */
export function isErrorResult(body: Record<string, unknown>): boolean {
  return isPlainObject(body.error) && Object.keys(body.error).length > 0;
}

/** The response body, when it arrived whole and parsed as JSON. */
export function jsonBody(exchange: Exchange): unknown {
  if (!answered(exchange) || exchange.failure || !exchange.response?.json.ok) return undefined;
  return exchange.response.json.value;
}

/** The `data` of a response the checks of data can judge, or undefined (see Precondition). */
export function resultData(exchange: Exchange): Record<string, unknown> | undefined {
  const body = jsonBody(exchange);
  if (!isPlainObject(body) || !isPlainObject(body.data) || isErrorResult(body)) return undefined;
  // A body that "carries only data" (#14) has no `error` to say no with: an empty `data` is its no.
  if (exchange.operation.envelope === 'data-only' && Object.keys(body.data).length === 0) return undefined;
  return body.data;
}

/** Which preconditions an exchange meets, found once for every check that judges it. */
export function preconditionsMet(exchange: Exchange): Readonly<Record<Precondition, boolean>> {
  const response = answered(exchange);
  const json = response && !exchange.failure && exchange.response!.json.ok;
  return { exchange: true, response, json, data: json && resultData(exchange) !== undefined };
}

/** Whether an exchange meets one precondition (see Precondition). */
export function holds(precondition: Precondition, exchange: Exchange): boolean {
  return preconditionsMet(exchange)[precondition];
}

export { isPlainObject };
