import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { listedOperations } from '../../catalogue/listed-operations.js';
import { operations } from '../../catalogue/operations.js';
import type { CallPlace, Client, ConversationRequest } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import type { Redactor } from '../../redaction/redactor.js';
import { RESPONSE_EXCERPT_CHARS } from '../judging/evidence.js';

/**
 * How much of each body the exchange log keeps (--har-bodies): `excerpt`, cut like a deviation's
 * excerpt; `whole`, all of it, so that `check` reads a run's HAR as the run read its answers.
 * Redacted either way.
 */
export type HarBodies = 'excerpt' | 'whole';
export const harBodyForms: readonly HarBodies[] = ['excerpt', 'whole'];

/** A body as an exchange log keeps it: redacted, whole or cut like a deviation's excerpt, with its full length. */
export interface LoggedBody {
  readonly text: string;
  readonly truncated: boolean;
  /** Characters of the whole body, before the cut. */
  readonly length: number;
}

/** One exchange as the run's log keeps it: redacted and bounded before it is written. */
export interface LoggedExchange {
  /** When the request was sent (ISO 8601). */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body?: LoggedBody;
    /** Where the request line named HTTP/1.0 (SentRequest.httpVersion); absent, HTTP/1.1. */
    readonly httpVersion?: '1.0';
  };
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: LoggedBody;
  };
  readonly failure?: { readonly kind: string; readonly message: string };
  /** Where the call stands in the run's plan: what orders the log when it is read back. */
  readonly place?: CallPlace;
}

/** Files of one run's exchange log: one per worker, so no two writers share a file. */
export const EXCHANGE_LOG_SUFFIX = '.exchanges.jsonl';

function loggedExchange(transcript: Transcript, startedAt: Date, redactor: Redactor, place: CallPlace | undefined, bodies: HarBodies): LoggedExchange {
  const body = (text: string): LoggedBody =>
    bodies === 'whole'
      ? { text: redactor.text(text), truncated: false, length: text.length }
      : { ...redactor.excerpt(text, RESPONSE_EXCERPT_CHARS), length: text.length };
  const { request, response, failure } = transcript;
  return {
    startedAt: startedAt.toISOString(),
    durationMs: transcript.durationMs,
    request: {
      method: request.method,
      url: redactor.text(request.url),
      headers: redactor.headers(request.headers),
      ...(request.body === undefined ? {} : { body: body(request.body) }),
      ...(request.httpVersion === undefined ? {} : { httpVersion: request.httpVersion }),
    },
    ...(response ? { response: { status: response.status, headers: redactor.headers(response.headers), body: body(response.bodyText) } } : {}),
    ...(failure ? { failure: { kind: failure.kind, message: redactor.text(failure.message) } } : {}),
    ...(place ? { place } : {}),
  };
}

/**
 * A client that appends every exchange, redacted with the secrets known when it ends (tokens the
 * server issues included) and bounded (unless --har-bodies whole), as one JSON line to this worker's file in `dir`. Written as
 * each call ends, so memory holds one exchange at a time, and an interrupted run keeps what it sent.
 */
export function loggingClient(client: Client, dir: string, redactor: Redactor, bodies: HarBodies): Client {
  const file = join(dir, `${process.pid}-${threadId}${EXCHANGE_LOG_SUFFIX}`);
  /** The transcripts of requests sent on a connection of the kit's own, each appended with the place of its request. */
  async function logged(requests: readonly ConversationRequest[], sending: Promise<Transcript[] | undefined>): Promise<Transcript[] | undefined> {
    const startedAt = new Date();
    const transcripts = await sending;
    transcripts?.forEach((transcript, index) => {
      if (transcript.failure?.kind !== 'aborted')
        appendFileSync(file, `${JSON.stringify(loggedExchange(transcript, startedAt, redactor, requests[index]?.place, bodies))}\n`);
    });
    return transcripts;
  }
  return {
    send: async (request) => {
      const startedAt = new Date();
      const transcript = await client.send(request);
      if (transcript.failure?.kind !== 'aborted')
        appendFileSync(file, `${JSON.stringify(loggedExchange(transcript, startedAt, redactor, request.place, bodies))}\n`);
      return transcript;
    },
    converse: (requests) => logged(requests, client.converse(requests)),
    pipeline: (requests) => logged(requests, client.pipeline(requests)),
    close: () => client.close(),
  };
}

/** Operations in the order the run plans them (the catalogue's); flows, which follow them, by id. */
const operationOrder = new Map([...operations, ...listedOperations].map((operation, index) => [operation.id, index]));
/** An operation's call paths by their phase, in the order its phases are planned; a flow's steps last. */
const PATH_PHASES = [
  'coverage',
  'page',
  'page-hostile',
  'page-unnumbered',
  'page-unfiltered',
  'page-again',
  'page-long',
  'conforming',
  'hostile',
  'auth-probe',
  'http-probe',
  'step',
];

function compareSegments(a: string, b: string): number {
  const [x, y] = [a.split(':'), b.split(':')];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i] ?? '', y[i] ?? ''];
    if (p === q) continue;
    if (i === 0) return PATH_PHASES.indexOf(p) - PATH_PHASES.indexOf(q) || p.localeCompare(q);
    const numeric = /^\d+$/.test(p) && /^\d+$/.test(q);
    return numeric ? Number(p) - Number(q) : p.localeCompare(q);
  }
  return 0;
}

/**
 * Logged exchanges in the order of the run's plan: by operation, then phase and call, a call sent
 * again after the first sending; calls without a place last, in the order they were sent. The same
 * seed then gives the same order, however the answers raced.
 */
export function byPlan(a: Pick<LoggedExchange, 'place' | 'startedAt'>, b: Pick<LoggedExchange, 'place' | 'startedAt'>): number {
  const rank = (place: CallPlace | undefined) => (place ? (operationOrder.get(place.of) ?? operationOrder.size) : operationOrder.size + 1);
  return (
    rank(a.place) - rank(b.place) ||
    (a.place && b.place ? a.place.of.localeCompare(b.place.of) || compareSegments(a.place.call, b.place.call) : 0) ||
    a.startedAt.localeCompare(b.startedAt)
  );
}
