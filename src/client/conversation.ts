import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { addFieldLine } from './field-lines.js';
import { parseJson } from './json-text.js';
import type { ConnectionFacts, InterimAnswer, ReceivedResponse, SentRequest, Transcript, TransportFailure } from './exchange.js';

/** A request written on a connection of its own: headers as given, in order, and nothing added but Host and Content-Length. */
export interface WireRequest {
  readonly method: string;
  /** The request target, base path included: `/api//pc/custom_demand/list`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** The version its request line names, where HTTP/1.0: what an HTTP/1.0 client sends (RFC 9112 §2.3). Absent: HTTP/1.1. */
  readonly httpVersion?: '1.0';
}

export interface ConversationOptions {
  /** `http://host:port` or `https://host:port`. */
  readonly origin: string;
  /** Per request, from writing it to the last byte of its answer. */
  readonly timeoutMs: number;
  /** Octets the whole conversation may bring; past them it ends as `body-too-large`. */
  readonly maxBytes: number;
  readonly tls?: Pick<ConnectionOptions, 'ca' | 'rejectUnauthorized'>;
  readonly abandon?: AbortSignal;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Octets as they arrive on one connection, read from the front, and whether the server has closed it. */
class Inbox {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private received = 0;
  /** More octets came than the cap: the connection was cut, and what came is dropped. */
  overflowed = false;

  constructor(socket: Socket, cap: number) {
    socket.on('data', (chunk: Buffer) => {
      this.received += chunk.length;
      if (this.received > cap) {
        this.overflowed = true;
        this.buffer = Buffer.alloc(0);
        socket.destroy();
        return;
      }
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.notify();
    });
    socket.on('end', () => this.close());
    socket.on('close', () => this.close());
    socket.on('error', (error) => {
      this.failure ??= error;
      this.close();
    });
  }

  private close(): void {
    this.ended = true;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  get closed(): boolean {
    return this.ended;
  }

  get error(): Error | undefined {
    return this.failure;
  }

  get pending(): Buffer {
    return this.buffer;
  }

  /** Resolves once more octets have come or the connection has closed. */
  more(): Promise<void> {
    if (this.ended) return Promise.resolve();
    return new Promise((resolve) => (this.wake = resolve));
  }

  take(length: number): Buffer {
    const taken = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return taken;
  }
}

class WireError extends Error {
  constructor(
    readonly kind: TransportFailure['kind'],
    message: string,
  ) {
    super(message);
  }
}

/** Waits for octets until `ready` finds what it needs in them, the connection closes, or the deadline passes. */
async function until<T>(inbox: Inbox, deadline: Promise<never>, ready: (pending: Buffer) => T | undefined): Promise<T | undefined> {
  for (;;) {
    if (inbox.overflowed) throw new WireError('body-too-large', 'past the cap of octets one connection may bring');
    const found = ready(inbox.pending);
    if (found !== undefined || inbox.closed) return found;
    await Promise.race([inbox.more(), deadline]);
  }
}

interface Head {
  /** The minor version of the status line: HTTP/1.0 or HTTP/1.1. */
  readonly minor: 0 | 1;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** The status line as it came, where it breaks the grammar of RFC 9112 §4 or names a major version other than HTTP/1's (§2.3). */
  readonly malformedStatusLine?: string;
}

/** status-line = HTTP-version SP status-code SP [ reason-phrase ], reason-phrase = 1*( HTAB / SP / VCHAR / obs-text ) (RFC 9112 §4). */
const STATUS_LINE = /^HTTP\/\d\.\d \d{3} [\t\x20-\x7e\x80-\xff]*$/;

/** A status line and header fields; field names lower-cased, repeated fields joined as RFC 9110 5.3 recombines them (Set-Cookie's apart: field-lines.ts). */
function parseHead(text: string): Head {
  const [statusLine = '', ...lines] = text.split('\r\n');
  // Any version is read as HTTP/1.1 frames it, as node:http reads it: the kit asked in HTTP/1.x, so the message is framed so.
  const status = /^HTTP\/(\d)\.(\d) (\d{3})(?: |$)/.exec(statusLine);
  if (!status) throw new WireError('invalid-http', `not an HTTP/1.1 status line: ${JSON.stringify(statusLine.slice(0, 60))}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new WireError('invalid-http', `not a header field: ${JSON.stringify(line.slice(0, 60))}`);
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    // "Field values containing CR, LF, or NUL characters are invalid and dangerous" (RFC 9110 §5.5): refused, as undici refuses them.
    if (/[\r\n\0]/.test(value)) throw new WireError('invalid-http', `a field value holding CR, LF or NUL: ${JSON.stringify(line.slice(0, 60))}`);
    addFieldLine(headers, name, value);
  }
  const [, major, minor, code] = status;
  const wellFormed = major === '1' && STATUS_LINE.test(statusLine);
  return { minor: major === '1' && minor === '0' ? 0 : 1, status: Number(code), headers, ...(wellFormed ? {} : { malformedStatusLine: statusLine }) };
}

/**
 * Whether an answer says the connection closes after it (RFC 9112 §9.3): its Connection lists
 * `close`, or it is an HTTP/1.0 answer without `keep-alive`.
 */
function saysClose({ minor, headers }: Head): boolean {
  const options = (headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((option) => option.trim());
  return options.includes('close') || (minor === 0 && !options.includes('keep-alive'));
}

/** RFC 9112 6.3: no content after a HEAD, a 1xx, a 204 or a 304. */
const hasNoContent = (method: string, status: number) => method === 'HEAD' || status < 200 || status === 204 || status === 304;

/** The content of a chunked message, once the last chunk and the trailer section have come: its length on the wire and its octets. */
function chunked(pending: Buffer): { readonly wireLength: number; readonly content: Buffer } | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = pending.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(pending.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) throw new WireError('invalid-http', 'a chunk size that is no hexadecimal number');
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = pending.indexOf('\r\n', at);
      if (trailerEnd < 0) return undefined;
      // Trailer fields end at an empty line; with none, the empty line follows the last chunk at once.
      if (trailerEnd !== at) {
        const end = pending.indexOf(HEADER_END, at);
        return end < 0 ? undefined : { wireLength: end + HEADER_END.length, content: Buffer.concat(parts) };
      }
      return { wireLength: trailerEnd + 2, content: Buffer.concat(parts) };
    }
    if (pending.length < at + size + 2) return undefined;
    parts.push(pending.subarray(at, at + size));
    at += size + 2;
  }
}

/** A final answer as read off the connection, and the interim answers before it. */
interface Answer {
  readonly head: Head;
  readonly content: Buffer;
  readonly interim: readonly InterimAnswer[];
}

/** One answer read off the connection, framed as RFC 9112 6.3 frames it; undefined when the connection closed before any of it came. */
async function readAnswer(inbox: Inbox, method: string, deadline: Promise<never>): Promise<Answer | undefined> {
  const interim: InterimAnswer[] = [];
  for (;;) {
    const headEnd = await until(inbox, deadline, (pending) => {
      const end = pending.indexOf(HEADER_END);
      return end < 0 ? undefined : end;
    });
    if (headEnd === undefined) {
      if (inbox.pending.length === 0) return undefined;
      throw new WireError('connection-reset', 'the connection closed in the middle of the header section');
    }
    const text = inbox
      .take(headEnd + HEADER_END.length)
      .toString('latin1')
      .slice(0, -HEADER_END.length);
    const head = parseHead(text);
    // An interim answer (100 Continue, 103 Early Hints) precedes the final one: read past, and kept for what an HTTP/1.0 client makes of it.
    if (head.status >= 100 && head.status < 200) {
      interim.push({ status: head.status, statusLine: text.split('\r\n', 1)[0]! });
      continue;
    }
    if (hasNoContent(method, head.status)) return { head, content: Buffer.alloc(0), interim };
    if (/chunked/i.test(head.headers['transfer-encoding'] ?? '')) {
      const body = await until(inbox, deadline, chunked);
      if (!body) throw new WireError('connection-reset', 'the connection closed before the last chunk');
      inbox.take(body.wireLength);
      return { head, content: body.content, interim };
    }
    const declared = head.headers['content-length'];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!/^\d+$/.test(declared)) throw new WireError('invalid-http', `Content-Length ${JSON.stringify(declared)} is no length`);
      const arrived = await until(inbox, deadline, (pending) => (pending.length >= length ? true : undefined));
      if (!arrived) throw new WireError('connection-reset', `the connection closed ${length - inbox.pending.length} octets short of the Content-Length`);
      return { head, content: inbox.take(length), interim };
    }
    // Neither: the content runs to the close (RFC 9112 6.3, rule 8).
    await until(inbox, deadline, () => undefined);
    return { head, content: inbox.take(inbox.pending.length), interim };
  }
}

/** The request's head, up to and with the empty line that ends it. */
function headText(request: WireRequest, host: string): string {
  const lines = [
    `${request.method} ${request.path} HTTP/${request.httpVersion ?? '1.1'}`,
    `host: ${host}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (request.body !== undefined) lines.push(`content-length: ${Buffer.byteLength(request.body)}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function open(origin: URL, options: ConversationOptions): Socket {
  const port = Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  // SNI names a host, never an address (RFC 6066 §3).
  if (origin.protocol === 'https:') return connectTls({ host, port, ...(isIP(host) ? {} : { servername: host }), ...options.tls });
  return connectTcp({ host, port });
}

/** A request as its transcript keeps it: the version named only where it was not HTTP/1.1. */
function sentOf(request: WireRequest, origin: URL): SentRequest {
  const sent: SentRequest = { method: request.method, url: `${origin.origin}${request.path}`, headers: request.headers, body: request.body };
  return request.httpVersion === undefined ? sent : { ...sent, httpVersion: request.httpVersion };
}

/** A deadline as a promise that only ever rejects, and its timer. */
function deadlineOf(ms: number, abandon: AbortSignal | undefined): { promise: Promise<never>; clear: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WireError('timeout', `no complete response within ${ms} ms`)), ms);
    onAbort = () => reject(new WireError('aborted', 'abandoned after an earlier timeout of this operation'));
    if (abandon?.aborted) onAbort();
    else abandon?.addEventListener('abort', onAbort, { once: true });
  });
  // Nobody may be waiting on it when it fires.
  promise.catch(() => undefined);
  return {
    promise,
    clear: () => {
      clearTimeout(timer);
      if (onAbort) abandon?.removeEventListener('abort', onAbort);
    },
  };
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Sends the requests one after another on one connection, each once the answer before it has
 * come, and reads each answer as RFC 9112 frames it: what a client that keeps its connection open
 * meets. Besides each answer it learns what no single answer shows (ConnectionFacts): a connection
 * closed after an answer that did not say so, and octets after an answer's end, which no request
 * asked for (a second answer among them). A request the closed connection could not take is sent
 * on a new one, once; one after octets nobody asked for goes on a new one. Where the last request asks for
 * `connection: close`, the server's close ends the conversation, and what it sent after the last
 * answer is weighed; where it does not (an HTTP/1.0 request, which needs no asking), the
 * conversation ends with the last answer. Interim (1xx) answers are read past and kept; a request
 * that expects 100-continue waits for one before its content (writeRequest).
 */
export async function converse(requests: readonly WireRequest[], options: ConversationOptions): Promise<Transcript[]> {
  const origin = new URL(options.origin);
  const transcripts: Transcript[] = [];
  if (options.abandon?.aborted) {
    return requests.map((request) => ({
      request: sentOf(request, origin),
      failure: { kind: 'aborted', message: 'abandoned after an earlier timeout of this operation' },
      durationMs: 0,
    }));
  }
  let socket = open(origin, options);
  let inbox = new Inbox(socket, options.maxBytes);
  let reopened = false;
  /** Whether each answer said the connection closes after it. */
  const closing: boolean[] = [];
  try {
    for (let index = 0; index < requests.length; index++) {
      const request = requests[index]!;
      const sent = sentOf(request, origin);
      const started = performance.now();
      const deadline = deadlineOf(options.timeoutMs, options.abandon);
      try {
        if (inbox.closed && index > 0 && !reopened) throw new Reopen();
        const withheld = await writeRequest(socket, inbox, request, origin.host, deadline.promise);
        const answer = await readAnswer(inbox, request.method, deadline.promise);
        if (answer === undefined) {
          if (index > 0 && !reopened) throw new Reopen();
          throw new WireError('connection-reset', inbox.error?.message ?? 'the connection closed before any answer came');
        }
        closing[index] = saysClose(answer.head);
        const last = index === requests.length - 1;
        // Before the next request, only what has already come: a second answer written later is told from the answer to
        // that request by no client but one that waits, and a clean server must cost no wait.
        const after = last && asksClose(request) ? await octetsBeforeClose(inbox, options.maxBytes) : afterAnswer(inbox, options.maxBytes);
        transcripts.push(transcriptOf(sent, answer, tenths(performance.now() - started), after, withheld));
        if ((withheld || after.octets > 0) && !last) {
          // The server still counts on the content its Content-Length announced, as curl then assumes; or it sent what
          // no request asked for, and "the client SHOULD close the connection, since message delimitation is now
          // ambiguous" (RFC 9112 §9.2): either way the next request goes on a new connection.
          socket.destroy();
          socket = open(origin, options);
          inbox = new Inbox(socket, options.maxBytes);
        }
      } catch (error) {
        if (error instanceof Reopen) {
          // Unless the answer before said it would, the server closed a connection it should have kept.
          const previous = transcripts[index - 1]!;
          if (previous.response && !closing[index - 1]) transcripts[index - 1] = withConnection(previous, { closedUnannounced: true });
          socket.destroy();
          socket = open(origin, options);
          inbox = new Inbox(socket, options.maxBytes);
          reopened = true;
          index--;
          continue;
        }
        transcripts.push({ request: sent, failure: failureOf(error), durationMs: tenths(performance.now() - started) });
        break;
      } finally {
        deadline.clear();
      }
    }
  } finally {
    socket.destroy();
  }
  return transcripts;
}

/**
 * How long the last answer's connection is watched for octets before the server closes it: what
 * comes after an answer comes with it, and a server that keeps a connection it was asked to close
 * must not hold the operation for a whole timeout.
 */
const CLOSE_GRACE_MS = 1000;

/** Whether a request's field of that name lists the option, in any case. */
const lists = (request: WireRequest, field: string, option: string) =>
  Object.entries(request.headers).some(
    ([name, value]) =>
      name.toLowerCase() === field &&
      value
        .toLowerCase()
        .split(',')
        .some((member) => member.trim() === option),
  );

/** Whether a request's Connection field lists `close` (RFC 9112 §9.6). */
const asksClose = (request: WireRequest) => lists(request, 'connection', 'close');

/**
 * How long a request that expects 100-continue waits for a 100 (Continue) before it sends its
 * content regardless, as curl waits: "A client that sends a 100-continue expectation is not required
 * to wait for any specific length of time" (RFC 9110 §10.1.1), and a server that sends no 100 must
 * not hold the call for a whole timeout.
 */
const CONTINUE_WAIT_MS = 1000;

/** Thrown when the wait for a 100 (Continue) is over. */
class WaitOver extends Error {}

/**
 * Writes the request. One with content that asks `Expect: 100-continue` goes as a client that asks
 * it sends it: its head, then its content once a 100 (Continue) has come, or after CONTINUE_WAIT_MS
 * without an answer. Where a final answer came first the content is not sent, as curl stops: true then.
 */
async function writeRequest(socket: Socket, inbox: Inbox, request: WireRequest, host: string, deadline: Promise<never>): Promise<boolean> {
  const head = headText(request, host);
  if (request.body === undefined || !lists(request, 'expect', '100-continue')) {
    socket.write(head + (request.body ?? ''));
    return false;
  }
  socket.write(head);
  let timer: NodeJS.Timeout | undefined;
  const over = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new WaitOver()), CONTINUE_WAIT_MS)));
  const waiting = Promise.race([deadline, over]);
  // Nobody may be waiting on it when the deadline fires later.
  waiting.catch(() => undefined);
  try {
    await until(inbox, waiting, (pending) => (pending.includes(HEADER_END) ? true : undefined));
  } catch (error) {
    if (!(error instanceof WaitOver)) throw error;
  } finally {
    clearTimeout(timer);
  }
  if (FINAL_STATUS.test(inbox.pending.subarray(0, 13).toString('latin1'))) return true;
  socket.write(request.body);
  return false;
}

/** The start of a status line of a final answer (not 1xx). */
const FINAL_STATUS = /^HTTP\/\d\.\d [2-9]\d\d/;

/** Thrown when the connection is found closed before the next request could be answered on it. */
class Reopen extends Error {}

/** What the server sent after an answer's end: how many octets, and whether more came than the cap lets the kit read. */
interface AfterAnswer {
  readonly octets: number;
  readonly beyondCap: boolean;
  /** The status line they begin with, where they begin with one: a second answer. */
  readonly statusLine?: string;
  /** Asked to close, the server still held the connection open at the end of the grace. */
  readonly keptOpen?: boolean;
}

/** A status line at the start of octets, to the end of its line. */
const LEADING_STATUS_LINE = /^HTTP\/\d\.\d \d{3}[^\r\n]*/;

/** At most this much of a status line after an answer is kept: enough to show its code and reason. */
const STATUS_LINE_KEPT = 120;

/**
 * The octets come by now after an answer's end, and the status line they begin with. Empty lines
 * alone are nothing: a client may discard "one or more CRLF" that come unasked (RFC 9112 §9.2), and
 * the kit does, before the next request reads its answer.
 */
function afterAnswer(inbox: Inbox, cap: number): AfterAnswer {
  if (inbox.overflowed) return { octets: cap, beyondCap: true };
  const pending = inbox.pending;
  if (/^[\r\n]*$/.test(pending.toString('latin1'))) {
    inbox.take(pending.length);
    return { octets: 0, beyondCap: false };
  }
  const line = LEADING_STATUS_LINE.exec(pending.subarray(0, STATUS_LINE_KEPT).toString('latin1'))?.[0];
  return { octets: pending.length, beyondCap: false, ...(line === undefined ? {} : { statusLine: line }) };
}

/**
 * Octets the server sent after the last answer's end, up to its close (or the deadline, which a
 * server that keeps the connection open reaches); the cap, where more came than it allows.
 */
async function octetsBeforeClose(inbox: Inbox, cap: number): Promise<AfterAnswer> {
  const grace = deadlineOf(CLOSE_GRACE_MS, undefined);
  try {
    await until(inbox, grace.promise, () => undefined);
  } catch {
    // Still open after the grace, or past the cap: what came by then is what counts.
  } finally {
    grace.clear();
  }
  return { ...afterAnswer(inbox, cap), ...(inbox.overflowed ? {} : { keptOpen: !inbox.closed }) };
}

function withConnection(transcript: Transcript, facts: ConnectionFacts): Transcript {
  return { ...transcript, connection: { ...transcript.connection, ...facts } };
}

function transcriptOf(sent: SentRequest, answer: Answer, durationMs: number, after: AfterAnswer, withheld: boolean): Transcript {
  const bodyText = answer.content.toString('utf8');
  const { status, headers, malformedStatusLine } = answer.head;
  const response: ReceivedResponse = { status, headers, bodyText, json: parseJson(bodyText) };
  const facts: ConnectionFacts = {
    ...(after.octets > 0 ? { octetsAfterAnswer: after.octets } : {}),
    ...(after.beyondCap ? { octetsAfterAnswerBeyondCap: true as const } : {}),
    ...(after.statusLine === undefined ? {} : { statusLineAfterAnswer: after.statusLine }),
    ...(after.keptOpen === true ? { keptOpenAfterClose: true as const } : {}),
    ...(malformedStatusLine === undefined ? {} : { malformedStatusLine }),
    ...(answer.interim.length > 0 ? { interimAnswers: answer.interim } : {}),
    ...(withheld ? { contentWithheld: true as const } : {}),
  };
  return { request: sent, response, durationMs, ...(Object.keys(facts).length > 0 ? { connection: facts } : {}) };
}

function failureOf(error: unknown): TransportFailure {
  if (error instanceof WireError) return { kind: error.kind, message: error.message };
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? String(error);
  if (code === 'ECONNREFUSED') return { kind: 'connection-refused', message };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'connection-reset', message };
  return { kind: 'network-error', message: code ? `${code}: ${message}` : message };
}
