import type { Exchange, Precondition } from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** 429 is a rate limit the kit could not wait out: no answer to judge (rate-limited reports it). */
function answered(exchange: Exchange): boolean {
  return exchange.response !== undefined && exchange.response.status !== 429;
}

/** A value that says something: not null, not an empty string, object or array. */
function meaningful(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return !isPlainObject(value) || Object.keys(value).length > 0;
}

/** `data` that holds something to check: a non-empty object. */
export function carriesData(data: unknown): boolean {
  return isPlainObject(data) && Object.keys(data).length > 0;
}

/**
 * Whether an answer is an error result, on evidence. 2.1 gives `error` as "Error result data" and
 * 7 rule 1 says errors are carried in the envelope, but the spec shows no value of `code` or
 * `status` and not the content of `error` (7). So an answer is an error result when it carries no
 * data and says no in a way a success cannot: a refusal status (HTTP 400 or above), or an `error`
 * holding a member with a value. Whatever `data` holds that is not empty is the result, and is
 * checked: many servers send `"error": {"code": null}` with every success, and an `error` object
 * with members is no evidence by itself.
 */
export function isErrorResult(body: Record<string, unknown>, status = 200): boolean {
  if (carriesData(body.data)) return false;
  return status >= 400 || (isPlainObject(body.error) && Object.values(body.error).some(meaningful));
}

/** The response body, when it arrived whole and parsed as JSON. */
export function jsonBody(exchange: Exchange): unknown {
  if (!answered(exchange) || exchange.failure || exchange.responseCut !== undefined || !exchange.response?.json.ok) return undefined;
  return exchange.response.json.value;
}

/** The `data` of a response the checks of data can judge, or undefined (see Precondition). */
export function resultData(exchange: Exchange): Record<string, unknown> | undefined {
  const body = jsonBody(exchange);
  if (!isPlainObject(body) || !isPlainObject(body.data) || isErrorResult(body, exchange.response!.status)) return undefined;
  // A body that "carries only data" (#14) has no `error` to say no with: an empty `data` is its no.
  if (exchange.operation.envelope === 'data-only' && Object.keys(body.data).length === 0) return undefined;
  return body.data;
}

/** Which preconditions an exchange meets, found once for every check that judges it. */
export function preconditionsMet(exchange: Exchange): Readonly<Record<Precondition, boolean>> {
  const response = answered(exchange);
  const body = response && exchange.responseCut === undefined;
  const json = body && !exchange.failure && exchange.response!.json.ok;
  return { exchange: true, response, body, json, data: json && resultData(exchange) !== undefined };
}

/** Whether an exchange meets one precondition (see Precondition). */
export function holds(precondition: Precondition, exchange: Exchange): boolean {
  return preconditionsMet(exchange)[precondition];
}

export { isPlainObject };
