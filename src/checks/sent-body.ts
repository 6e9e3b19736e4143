import type { Exchange } from './types.js';

/**
 * The request body as it went on the wire, parsed: what the checks of what a request asks read (a
 * hostile call's payload describes its class, not the body). Undefined where it is no JSON.
 */
export function sentBody(exchange: Exchange): unknown {
  if (exchange.request.body === undefined) return undefined;
  try {
    return JSON.parse(exchange.request.body) as unknown;
  } catch {
    return undefined;
  }
}
