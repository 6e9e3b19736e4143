import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { Client } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import type { Redactor } from '../../redaction/redactor.js';
import { RESPONSE_EXCERPT_CHARS } from '../judging/evidence.js';

/** A body as an exchange log keeps it: redacted, cut like a deviation's excerpt, with its full length. */
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
  };
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: LoggedBody;
  };
  readonly failure?: { readonly kind: string; readonly message: string };
}

/** Files of one run's exchange log: one per worker, so no two writers share a file. */
export const EXCHANGE_LOG_SUFFIX = '.exchanges.jsonl';

function loggedExchange(transcript: Transcript, startedAt: Date, redactor: Redactor): LoggedExchange {
  const body = (text: string): LoggedBody => ({ ...redactor.excerpt(text, RESPONSE_EXCERPT_CHARS), length: text.length });
  const { request, response, failure } = transcript;
  return {
    startedAt: startedAt.toISOString(),
    durationMs: transcript.durationMs,
    request: {
      method: request.method,
      url: redactor.text(request.url),
      headers: redactor.headers(request.headers),
      ...(request.body === undefined ? {} : { body: body(request.body) }),
    },
    ...(response ? { response: { status: response.status, headers: redactor.headers(response.headers), body: body(response.bodyText) } } : {}),
    ...(failure ? { failure: { kind: failure.kind, message: redactor.text(failure.message) } } : {}),
  };
}

/**
 * A client that appends every exchange, redacted with the secrets known when it ends (tokens the
 * server issues included) and bounded, as one JSON line to this worker's file in `dir`. Written as
 * each call ends, so memory holds one exchange at a time, and an interrupted run keeps what it sent.
 */
export function loggingClient(client: Client, dir: string, redactor: Redactor): Client {
  const file = join(dir, `${process.pid}-${threadId}${EXCHANGE_LOG_SUFFIX}`);
  return {
    send: async (request) => {
      const startedAt = new Date();
      const transcript = await client.send(request);
      if (transcript.failure?.kind !== 'aborted') appendFileSync(file, `${JSON.stringify(loggedExchange(transcript, startedAt, redactor))}\n`);
      return transcript;
    },
    close: () => client.close(),
  };
}
