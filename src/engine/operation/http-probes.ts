import type { Exchange } from '../../checks/types.js';
import type { OperationSession } from './session.js';

/** What the probes re-send of the operation's first valid call, and the validators its answer gave (RFC 9110 8.8). */
export interface ProbedCall {
  readonly payload: unknown;
  readonly body: string | undefined;
  readonly validators: Validators;
}

/** An answer's entity tag and modification date, where it gave them: what a client puts in a precondition. */
export interface Validators {
  readonly etag?: string;
  readonly lastModified?: string;
}

export function validatorsOf(exchange: Exchange): Validators {
  const headers = exchange.response?.headers ?? {};
  return {
    ...(headers.etag ? { etag: headers.etag } : {}),
    ...(headers['last-modified'] ? { lastModified: headers['last-modified'] } : {}),
  };
}

/** The HTTP probes, by path: each judged by the checks of the HTTP rule it puts to the server. */
export const HTTP_PROBES = {
  /** The first valid call again, on a connection of its own that the next probe is sent on (RFC 9112 9.3). */
  persistent: 'http-probe:persistent',
  /** TRACE to the operation's path, on that same connection, with the documented headers (RFC 9110 9.3.8). */
  trace: 'http-probe:trace',
  /** HEAD to the operation's path, on that same connection, asking it to close after (RFC 9110 9.3.2). */
  head: 'http-probe:head',
  /** The first valid call with If-None-Match of the entity tag its answer gave (RFC 9110 13.1.2). */
  ifNoneMatch: 'http-probe:if-none-match',
  /** The first valid call with If-Modified-Since of the date its answer gave (RFC 9110 13.1.3). */
  ifModifiedSince: 'http-probe:if-modified-since',
} as const;

/** The HTTP probes of an operation at most: every one, where the first valid call's answer gives both validators. */
export const MOST_HTTP_PROBES = Object.keys(HTTP_PROBES).length;

/**
 * The first valid call again in the forms HTTP gives every client, though section 4 shows none of
 * them: on a connection kept open, with a TRACE and a HEAD after it on the same connection, and
 * with a precondition of each validator its answer carried. Each answer goes to `judge` with its place.
 * A client that reaches the server through a proxy holds no connection of its own: the connection
 * probes are then not sent.
 */
export async function sendHttpProbes(session: OperationSession, probed: ProbedCall, judge: (exchange: Exchange, index: number) => void): Promise<void> {
  const onOneConnection = session
    .converse([
      { path: HTTP_PROBES.persistent, payload: probed.payload, body: probed.body },
      { path: HTTP_PROBES.trace, method: 'TRACE', payload: undefined, body: undefined, headers: { 'content-type': undefined } },
      { path: HTTP_PROBES.head, method: 'HEAD', payload: undefined, body: undefined, headers: { connection: 'close', 'content-type': undefined } },
    ])
    .then((exchanges) => exchanges?.forEach(judge));
  const { etag, lastModified } = probed.validators;
  const preconditions = [
    etag ? { path: HTTP_PROBES.ifNoneMatch, headers: { 'if-none-match': etag } } : undefined,
    lastModified ? { path: HTTP_PROBES.ifModifiedSince, headers: { 'if-modified-since': lastModified } } : undefined,
  ].map((probe, index) =>
    probe ? session.send('http-probe', probe.path, probed.payload, probed.body, probe.headers).then((exchange) => judge(exchange, 3 + index)) : undefined,
  );
  await Promise.all([onOneConnection, ...preconditions]);
}
