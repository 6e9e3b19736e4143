import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { extend } from '../objects.js';
import { authorizationValue, type AuthScheme } from './auth.js';
import { type AnswerHead, AnswerError, AnswerReader } from './answer-reader.js';
import { Deadline } from './deadline.js';
import { ACCEPT_ENCODING, type BodyRead } from './decode.js';
import { createDispatcher, tlsOptions, type TransportOptions } from './dispatcher.js';
import type { ParsedBody, ReceivedResponse, Transcript, TransportFailure } from './exchange.js';
import { parseJson } from './json-text.js';
import { classifyFailure } from './failures.js';
import { unauthorized } from './refusal.js';
import { createLimiter } from './limiter.js';
import { createPacer, retryAfterMs } from './pacing.js';
import { type PathForm, parseBaseUrl, pathInForm, requestPath } from './target.js';
import { Turns } from './turns.js';
import { converse } from './conversation.js';
import { pipeline } from './pipeline.js';

export interface ClientOptions {
  readonly baseUrl: string;
  readonly token: string;
  readonly authScheme: AuthScheme;
  /** How paths under /pc and /auth are written on the wire (section 4's doubled slash unless told). */
  readonly pathForm: PathForm;
  /** Per request, from sending to the last byte of the body. */
  readonly timeoutMs: number;
  /** Bodies longer than this are cut and reported. */
  readonly maxBodyBytes: number;
  /** Requests in flight at once (and connections in the pool). */
  readonly concurrency: number;
  /** At most this many requests begin per second (--rate). */
  readonly ratePerSecond?: number;
  /** Obtains a new token (the token operation); called once at most, when a call is answered as unauthorized. */
  readonly refreshToken?: () => Promise<string | undefined>;
  /** TLS trust, proxies and extra headers. */
  readonly transport?: TransportOptions;
  /**
   * Asked before a body of this many bytes is parsed: false when the heap has no room for its
   * parse, and the run is stopping (engine/schedule/heap-watch.ts). The body is then left
   * unparsed and the call cut, as a stop cuts it. Absent, every body is parsed.
   */
  readonly roomToParse?: (bytes: number) => boolean;
}

/**
 * Bodies longer than this are read, decoded and parsed a few at a time: a page of 60,000 records
 * costs some 30 MB once parsed, and eight of them at once would cost more memory than the whole
 * kit, and starve each other's reads of the event loop while each is judged. A body that says its
 * length waits its turn before it is read, one that does not after; the wait is the kit's, not the
 * server's, so the deadline does not count it.
 */
export const LARGE_BODY_BYTES = 1024 * 1024;
export const LARGE_BODIES_AT_ONCE = 2;

/**
 * A 429 is sent again after its Retry-After, at most this often and never waiting longer than this.
 * The spec shows no rate limits (8), so a server's limit is waited out rather than judged; bounded,
 * so a limit that outlasts the retries is reported (`rate-limited`) instead of holding the run.
 */
export const RATE_LIMIT_RETRIES = 2;
export const MAX_RETRY_WAIT_MS = 5000;

export interface OutgoingRequest {
  readonly method: string;
  /** Path as sent, e.g. `//pc/custom_demand/list`. */
  readonly wirePath: string;
  /** Raw body text; undefined sends none. */
  readonly body: string | undefined;
  /** Replaces the default headers where given; a value of undefined removes the header. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** Aborts the request (and any not yet sent) when the operation is abandoned. */
  readonly abandon?: AbortSignal;
  /** Told when the request leaves, after its wait for a slot and for the rate: where its answer time starts. */
  readonly onSent?: () => void;
  /** Where the call stands in the run (its operation or flow, and its call path), for logs that list calls in plan order. */
  readonly place?: CallPlace;
  /**
   * Every header field name written in title case (`Authorization`, `Content-Type`), as many
   * clients write them; absent, in lower case, as the kit writes them. The pool sends names in the
   * case given.
   */
  readonly fieldNames?: 'title-case';
  /**
   * The body sent in the gzip coding, with `Content-Encoding: gzip` (RFC 9110 8.4.1.3); `body` stays
   * the text it codes, as the transcript keeps it. Absent: the body goes as it is.
   */
  readonly bodyCoding?: 'gzip';
  /**
   * The body written in two parts: its first half, then, once this settles, the rest. It is called
   * when the first half has gone to the connection, so that calls raced together are each in flight,
   * their bodies still open, before any of them is whole (the model's races). Absent: the body goes
   * at once.
   */
  readonly midBody?: () => Promise<void>;
}

/** A request on a connection of the kit's own (Client.converse), which may name HTTP/1.0 in its request line. */
export interface ConversationRequest extends OutgoingRequest {
  /** Absent: HTTP/1.1. */
  readonly httpVersion?: '1.0';
}

/** A call's place in a run: the operation (or flow) it belongs to, and its path there, e.g. `coverage:3`. */
export interface CallPlace {
  readonly of: string;
  readonly call: string;
}

export interface Client {
  send(request: OutgoingRequest): Promise<Transcript>;
  /**
   * Sends the requests one after another on a connection of their own, each once the answer before
   * it has come (client/conversation.ts), without asking for a content coding: what shows only across the
   * answers of one connection. Undefined where the client reaches the target through a proxy, and
   * so cannot hold a connection to it.
   */
  converse(requests: readonly ConversationRequest[]): Promise<Transcript[] | undefined>;
  /**
   * Writes the requests at once on a connection of their own, none waiting for an answer, and
   * reads the answers in the order they come (client/pipeline.ts): one transcript for each request
   * answered before the server closed, in the order written. Undefined through a proxy, as converse,
   * and where the requests are more than the concurrency: each is in flight, and holds a slot.
   */
  pipeline(requests: readonly ConversationRequest[]): Promise<Transcript[] | undefined>;
  close(): Promise<void>;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** A field name in title case: each letter after the start or a hyphen upper-cased (`content-type` → `Content-Type`). */
const titleCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`);

/** The headers of a request with their names as it asks for them (OutgoingRequest.fieldNames). */
function namedAsAsked(headers: Record<string, string>, request: Pick<OutgoingRequest, 'fieldNames'>): Record<string, string> {
  if (request.fieldNames !== 'title-case') return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [titleCase(name), value]));
}

const CUT_AT_THE_CAP: ParsedBody = { ok: false, reason: 'body cut at the cap' };
const INCOMPLETE: ParsedBody = { ok: false, reason: 'body incomplete' };

/** What a response says of its bytes beyond their text; none for most, so most responses are built without it. */
type BodyMarks = Pick<ReceivedResponse, 'invalidUtf8' | 'byteOrderMark' | 'encodingProblem'>;

/** U+FEFF at the start of a body: a byte order mark, which a parser may read past (RFC 8259 §8.1). */
const BYTE_ORDER_MARK = 0xfeff;

/** The marks of a body read to its end: not UTF-8, a byte order mark before it, or a Content-Encoding that could not be undone. */
function marksOf(read: BodyRead, byteOrderMark: boolean): BodyMarks | undefined {
  const invalidUtf8 = !isUtf8(read.bytes);
  const problem = read.encodingProblem;
  if (!invalidUtf8 && !byteOrderMark && problem === undefined) return undefined;
  return {
    ...(invalidUtf8 ? { invalidUtf8: true } : {}),
    ...(byteOrderMark ? { byteOrderMark: true } : {}),
    ...(problem === undefined ? {} : { encodingProblem: problem }),
  };
}

/** A call whose answer came whole and was left unparsed: the heap had no room for it, and the run is stopping. */
const NO_ROOM: TransportFailure = { kind: 'aborted', message: 'not parsed: the heap had no room for the parse, and the run stopped' };

/** The transcript of an answer read to its end, or cut at the cap: its text, and its parse. */
function answered(sent: Transcript['request'], head: AnswerHead, read: BodyRead, durationMs: number, options: ClientOptions): Transcript {
  const { maxBodyBytes, roomToParse } = options;
  if (read.complete && roomToParse && !roomToParse(read.bytes.length)) return { request: sent, failure: NO_ROOM, durationMs };
  const bodyText = read.bytes.toString('utf8');
  if (!read.complete) {
    const cut: ReceivedResponse = { status: head.status, headers: head.headers, bodyText, json: CUT_AT_THE_CAP };
    return {
      request: sent,
      response: read.encodingProblem === undefined ? cut : extend(cut, { encodingProblem: read.encodingProblem }),
      failure: {
        kind: 'body-too-large',
        message: `body longer than the cap of ${maxBodyBytes} bytes${head.headers['content-encoding'] && !read.encodingProblem ? ' once decoded' : ''}`,
      },
      durationMs,
    };
  }
  // The mark is judged on its own (json-bom): parsed past it, the body is judged like any other.
  const byteOrderMark = bodyText.charCodeAt(0) === BYTE_ORDER_MARK;
  const received: ReceivedResponse = { status: head.status, headers: head.headers, bodyText, json: parseJson(byteOrderMark ? bodyText.slice(1) : bodyText) };
  const marks = marksOf(read, byteOrderMark);
  return { request: sent, response: marks ? extend(received, marks) : received, durationMs };
}

/** The transcript of a request that failed: what had arrived of the answer, if its head had. */
function failed(sent: Transcript['request'], error: unknown, failure: TransportFailure, durationMs: number): Transcript {
  if (!(error instanceof AnswerError) || error.head === undefined) return { request: sent, failure, durationMs };
  const partial: ReceivedResponse = { status: error.head.status, headers: error.head.headers, bodyText: error.partial.toString('utf8'), json: INCOMPLETE };
  return { request: sent, response: partial, failure, durationMs };
}

/** A body as two parts, the second written once `midBody` settles (OutgoingRequest.midBody). */
async function* inTwoParts(bytes: Buffer, midBody: () => Promise<void>): AsyncGenerator<Buffer> {
  const half = Math.max(1, Math.floor(bytes.length / 2));
  yield bytes.subarray(0, half);
  await midBody();
  yield bytes.subarray(half);
}

/** Milliseconds to a tenth, as transcripts give them. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** One undici pool with keep-alive per run; every request bounded in time and size. */
export function createClient(options: ClientOptions): Client {
  const target = parseBaseUrl(options.baseUrl);
  const dispatcher = createDispatcher({
    origin: target.origin,
    connections: options.concurrency,
    timeoutMs: options.timeoutMs,
    ...(options.transport ? { transport: options.transport } : {}),
  });
  const limit = createLimiter(options.concurrency);
  const largeBodies = new Turns(LARGE_BODIES_AT_ONCE);
  const giveLargeTurn = () => largeBodies.give();
  const pace = createPacer(options.ratePerSecond);
  const defaultHeaders: Record<string, string> = {
    'content-type': 'application/json',
    'accept-encoding': ACCEPT_ENCODING,
    ...options.transport?.headers,
    authorization: authorizationValue(options.authScheme, options.token),
  };

  /** The headers of a request that replaces none of the defaults: one object, shared, as none is changed. */
  let plainHeaders = flattenHeaders(defaultHeaders);

  /** A body read to its end that turns out large without having said so is parsed in a turn, after it was read. */
  async function answeredInTurn(sent: Transcript['request'], head: AnswerHead, read: BodyRead, durationMs: number): Promise<Transcript> {
    await largeBodies.take();
    try {
      return answered(sent, head, read, durationMs, options);
    } finally {
      largeBodies.give();
    }
  }

  async function sendOnce(request: OutgoingRequest): Promise<Transcript> {
    const coded = request.bodyCoding === 'gzip' ? { 'content-encoding': 'gzip' } : undefined;
    const asked = request.headers || coded ? flattenHeaders({ ...defaultHeaders, ...coded, ...request.headers }) : plainHeaders;
    const headers = namedAsAsked(asked, request);
    const path = requestPath(target, options.pathForm === 'documented' ? request.wirePath : pathInForm(request.wirePath, options.pathForm));
    const sent = { method: request.method, url: `${target.origin}${path}`, headers, body: request.body };
    if (request.abandon?.aborted) {
      return { request: sent, failure: classifyFailure(undefined, options.timeoutMs, request.abandon), durationMs: 0 };
    }
    if (pace) await pace();
    request.onSent?.();
    // The deadline is the request's one timer, and cuts it through the reader: no AbortSignal per call.
    const deadline = new Deadline(options.timeoutMs);
    // A body that says it is large waits for its turn outside the deadline, and holds the turn until it is parsed.
    const reader = new AnswerReader(options.maxBodyBytes, (head) =>
      Number(head.headers['content-length']) > LARGE_BODY_BYTES ? deadline.pauseFor(largeBodies.take()) : undefined,
    );
    deadline.start(reader);
    const abandon = () => reader.cut(new Error('abandoned'));
    request.abandon?.addEventListener('abort', abandon, { once: true });
    // Abandoned while waiting for the rate: a listener added now would never hear of it.
    if (request.abandon?.aborted) abandon();
    try {
      const body = coded && request.body !== undefined ? gzipSync(request.body) : request.body;
      const { midBody } = request;
      if (midBody && body !== undefined && body.length > 0) {
        const bytes = typeof body === 'string' ? Buffer.from(body) : body;
        // Its length said up front: a body written in parts would otherwise go chunked.
        const held = { ...headers, 'content-length': String(bytes.length) };
        dispatcher.dispatch({ origin: target.origin, method: request.method, path, headers: held, body: Readable.from(inTwoParts(bytes, midBody)) }, reader);
      } else dispatcher.dispatch({ origin: target.origin, method: request.method, path, headers, body }, reader);
      const { head, read } = await reader.answer;
      deadline.clear();
      const durationMs = tenths(deadline.elapsedMs());
      if (reader.held === undefined && read.bytes.length > LARGE_BODY_BYTES) return await answeredInTurn(sent, head, read, durationMs);
      return answered(sent, head, read, durationMs, options);
    } catch (error) {
      deadline.clear();
      return failed(sent, error, classifyFailure(error, options.timeoutMs, request.abandon), tenths(deadline.elapsedMs()));
    } finally {
      // A turn is given back once it has come: a request that failed while waiting for one gives it back on arrival.
      if (reader.held) void reader.held.then(giveLargeTurn);
      request.abandon?.removeEventListener('abort', abandon);
    }
  }

  let refreshed = false;
  // Only a call in the documented form, its headers the defaults as the kit writes them: one in another form that is refused shows the form refused, not the token.
  const refreshes = (request: OutgoingRequest, transcript: Transcript) =>
    !refreshed && request.headers === undefined && request.fieldNames === undefined && request.bodyCoding === undefined && unauthorized(transcript);
  /** Once per client: a refused documented call gets a new token from the token operation, then is sent again. */
  async function refreshOnce(request: OutgoingRequest, transcript: Transcript, refreshToken: () => Promise<string | undefined>): Promise<Transcript> {
    refreshed = true;
    const token = await refreshToken();
    if (token === undefined) return transcript;
    defaultHeaders.authorization = authorizationValue(options.authScheme, token);
    plainHeaders = flattenHeaders(defaultHeaders);
    return sendOnce(request);
  }

  /** Sends; a refused token is renewed once per client, and a 429 waited out at most RATE_LIMIT_RETRIES times. */
  async function send(request: OutgoingRequest): Promise<Transcript> {
    let transcript = await sendOnce(request);
    if (options.refreshToken && refreshes(request, transcript)) transcript = await refreshOnce(request, transcript, options.refreshToken);
    for (let retry = 0; retry < RATE_LIMIT_RETRIES && transcript.response?.status === 429; retry++) {
      const wait = Math.min(retryAfterMs(transcript.response.headers['retry-after']), MAX_RETRY_WAIT_MS);
      try {
        await sleep(wait, undefined, request.abandon ? { signal: request.abandon } : {});
      } catch {
        break;
      }
      transcript = await sendOnce(request);
    }
    return transcript;
  }

  const proxied = options.transport?.proxy !== undefined && (options.transport.proxy.httpProxy !== '' || options.transport.proxy.httpsProxy !== '');
  /** The requests sent on a connection of the kit's own, by `onConnection` (converse or pipeline). */
  async function onOwnConnection(requests: readonly ConversationRequest[], onConnection: typeof converse): Promise<Transcript[]> {
    if (pace) await pace();
    requests[0]?.onSent?.();
    const wireRequests = requests.map((request) => ({
      method: request.method,
      path: requestPath(target, options.pathForm === 'documented' ? request.wirePath : pathInForm(request.wirePath, options.pathForm)),
      headers: namedAsAsked(flattenHeaders({ ...defaultHeaders, 'accept-encoding': undefined, ...request.headers }), request),
      body: request.body,
      ...(request.httpVersion ? { httpVersion: request.httpVersion } : {}),
    }));
    const abandon = requests.find((request) => request.abandon)?.abandon;
    return onConnection(wireRequests, {
      origin: target.origin,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBodyBytes,
      tls: tlsOptions(options.transport),
      ...(abandon ? { abandon } : {}),
      ...(options.roomToParse ? { roomToParse: options.roomToParse } : {}),
    });
  }

  return {
    send: (request) => limit(() => send(request)),
    converse: (requests) => (proxied ? Promise.resolve(undefined) : limit(() => onOwnConnection(requests, converse))),
    // Pipelined requests are in flight together, each in a slot of its own; more than --concurrency allows are not sent.
    pipeline: (requests) =>
      proxied || requests.length > options.concurrency ? Promise.resolve(undefined) : limit(() => onOwnConnection(requests, pipeline), requests.length),
    close: async () => {
      await dispatcher.destroy();
    },
  };
}
