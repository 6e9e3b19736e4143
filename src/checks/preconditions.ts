import { extend } from '../objects.js';
import type { AnsweredExchange, AnyExchangeCheck, CheckContext, Exchange, ExchangeMeeting, Finding, Precondition } from './types.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** 429 is a rate limit the kit could not wait out: no answer to judge (rate-limited reports it). */
function answered(exchange: Exchange): exchange is AnsweredExchange {
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

/** An answer whose body arrived whole (not cut by a recording) and parsed as JSON. */
function parsed(
  exchange: AnsweredExchange,
): exchange is AnsweredExchange & { readonly response: { readonly json: { readonly ok: true; readonly value: unknown } } } {
  return exchange.responseCut === undefined && !exchange.failure && exchange.response.json.ok;
}

/** A body's `data` the checks of data can judge, or undefined (see Precondition). */
function dataOf(body: unknown, exchange: AnsweredExchange): Record<string, unknown> | undefined {
  if (!isPlainObject(body) || !isPlainObject(body.data) || isErrorResult(body, exchange.response.status)) return undefined;
  // A body that "carries only data" (#14) has no `error` to say no with: an empty `data` is its no.
  if (exchange.operation.envelope === 'data-only' && Object.keys(body.data).length === 0) return undefined;
  return body.data;
}

/** The response body, when it arrived whole and parsed as JSON. */
export function jsonBody(exchange: Exchange): unknown {
  return answered(exchange) && parsed(exchange) ? exchange.response.json.value : undefined;
}

/** The `data` of a response the checks of data can judge, or undefined (see Precondition). */
export function resultData(exchange: Exchange): Record<string, unknown> | undefined {
  return answered(exchange) && parsed(exchange) ? dataOf(exchange.response.json.value, exchange) : undefined;
}

/** The exchange as each precondition it meets narrows it (absent where it does not), found once for every check that judges it. */
export type Meetings = { readonly exchange: Exchange } & { readonly [N in Exclude<Precondition, 'exchange'>]?: ExchangeMeeting<N> };

/** Which preconditions an exchange meets, each as the exchange it narrows to: the body parsed and its `data` found once. */
export function meetings(exchange: Exchange): Meetings {
  if (!answered(exchange)) return { exchange };
  if (exchange.responseCut !== undefined) return { exchange, response: exchange };
  if (!parsed(exchange)) return { exchange, response: exchange, body: exchange };
  const json = exchange.response.json.value;
  const data = dataOf(json, exchange);
  if (data === undefined || !isPlainObject(json)) return { exchange, response: exchange, body: exchange, json: extend(exchange, { json }) };
  const withData = extend(exchange, { json, data });
  return { exchange, response: exchange, body: exchange, json: withData, data: withData };
}

/**
 * Runs a check on the exchange as its precondition narrows it; undefined where the exchange does
 * not meet it: the check could not verify the call, and is counted as skipped.
 */
export function runWhereMet(check: AnyExchangeCheck, met: Meetings, context: CheckContext): Finding[] | undefined {
  switch (check.needs) {
    case 'exchange':
      return check.run(met.exchange, context);
    case 'response':
      return met.response && check.run(met.response, context);
    case 'body':
      return met.body && check.run(met.body, context);
    case 'json':
      return met.json && check.run(met.json, context);
    case 'data':
      return met.data && check.run(met.data, context);
  }
}

export { isPlainObject };
