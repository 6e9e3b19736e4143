import type { Transcript } from '../client/exchange.js';

/**
 * One exchange of traffic the kit did not send: the request as the client wrote it (its URL the
 * target's origin and the path as sent, its headers as they went, its body text) and what came
 * back, as the proxy saw it pass or as a recording kept it.
 */
export interface ObservedExchange extends Transcript {
  /** When the request began, in ms since the epoch: what orders the exchanges of several recordings. */
  readonly startedAt: number;
  /** Why the request body is known only in part (a recording's excerpt, a body past the cap); absent when known whole. */
  readonly requestCut?: string;
  /** Why the response body is known only in part; absent when known whole (or when no answer came). */
  readonly responseCut?: string;
}

/** The origin of a URL written as a string (`https://host:port`), cut without parsing, so that nothing of the path is normalised. */
export const originOf = (url: string): string => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';

/** The path of a URL as sent, without its query or fragment: what follows the origin, a doubled slash kept. */
export const pathOf = (url: string): string => /^[^?#]*/.exec(url.slice(originOf(url).length))?.[0] ?? '';

/** A header's value, whatever the case of its name as sent; undefined when absent. */
export function headerOf(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}
