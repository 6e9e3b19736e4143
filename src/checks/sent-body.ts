import type { SentRequest } from '../client/exchange.js';
import type { Exchange } from './types.js';

/** Parsed once per request for every check that reads it; a request is never changed once sent. */
const parsedBodies = new WeakMap<SentRequest, unknown>();

/**
 * The request body as it went on the wire, parsed: what the checks of what a request asks read (a
 * hostile call's payload describes its class, not the body). Undefined where it is no JSON.
 */
export function sentBody(exchange: Exchange): unknown {
  const { request } = exchange;
  if (request.body === undefined) return undefined;
  if (parsedBodies.has(request)) return parsedBodies.get(request);
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.body) as unknown;
  } catch {
    parsed = undefined;
  }
  parsedBodies.set(request, parsed);
  return parsed;
}
