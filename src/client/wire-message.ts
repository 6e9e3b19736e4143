/**
 * HTTP/1.1 messages on a connection of the kit's own: a request written as given, its content framed
 * as its fields say (a Content-Length, or the chunked coding), and an answer read off the connection
 * as RFC 9112 frames it. What conversation.ts and pipeline.ts share.
 */
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { addFieldLine } from './field-lines.js';
import { parseJson } from './json-text.js';
import type { ConnectionFacts, InterimAnswer, ParsedBody, ReceivedResponse, SentRequest, Transcript, TransportFailure } from './exchange.js';

/**
 * A request written on a connection of its own: headers as given, in order, and nothing added but
 * Host and Content-Length; none of that where its Transfer-Encoding names chunked, its content then
 * sent in that coding (framedContent).
 */
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
  /** Asked before an answer of this many bytes is parsed, as ClientOptions.roomToParse: false leaves it unparsed. */
  readonly roomToParse?: (bytes: number) => boolean;
}

/** An answer the heap had no room to parse: the run is stopping, and no result of it is read. */
const NOT_PARSED: ParsedBody = { ok: false, reason: 'not parsed: the heap had no room for the parse, and the run stopped' };

export const HEADER_END = Buffer.from('\r\n\r\n');

/** Octets as they arrive on one connection, read from the front, and whether the server has closed it. */
export class Inbox {
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

export class WireError extends Error {
  constructor(
    readonly kind: TransportFailure['kind'],
    message: string,
  ) {
    super(message);
  }
}

/** Waits for octets until `ready` finds what it needs in them, the connection closes, or the deadline passes. */
export async function until<T>(inbox: Inbox, deadline: Promise<never>, ready: (pending: Buffer) => T | undefined): Promise<T | undefined> {
  for (;;) {
    if (inbox.overflowed) throw new WireError('body-too-large', 'past the cap of octets one connection may bring');
    const found = ready(inbox.pending);
    if (found !== undefined || inbox.closed) return found;
    await Promise.race([inbox.more(), deadline]);
  }
}

export interface Head {
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
export function saysClose({ minor, headers }: Head): boolean {
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
    const sizeLine = pending.subarray(at, lineEnd).toString('latin1');
    const extensions = sizeLine.indexOf(';');
    const size = Number.parseInt((extensions < 0 ? sizeLine : sizeLine.slice(0, extensions)).trim(), 16);
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
export interface Answer {
  readonly head: Head;
  readonly content: Buffer;
  readonly interim: readonly InterimAnswer[];
}

/** One answer read off the connection, framed as RFC 9112 6.3 frames it; undefined when the connection closed before any of it came. */
export async function readAnswer(inbox: Inbox, method: string, deadline: Promise<never>): Promise<Answer | undefined> {
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
      const lineEnd = text.indexOf('\r\n');
      interim.push({ status: head.status, statusLine: lineEnd < 0 ? text : text.slice(0, lineEnd) });
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

/** Whether a request's field of that name lists the option, in any case. */
export const lists = (request: WireRequest, field: string, option: string) =>
  Object.entries(request.headers).some(
    ([name, value]) =>
      name.toLowerCase() === field &&
      value
        .toLowerCase()
        .split(',')
        .some((member) => member.trim() === option),
  );

/** Whether a request's Transfer-Encoding names chunked: its content then goes in that coding, without a Content-Length (RFC 9112 §6.2). */
const sendsChunked = (request: WireRequest) => lists(request, 'transfer-encoding', 'chunked');

/** The request's head, up to and with the empty line that ends it. */
export function headText(request: WireRequest, host: string): string {
  const lines = [
    `${request.method} ${request.path} HTTP/${request.httpVersion ?? '1.1'}`,
    `host: ${host}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (request.body !== undefined && !sendsChunked(request)) lines.push(`content-length: ${Buffer.byteLength(request.body)}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * The request's content as its head frames it: as it is, or, where it names chunked, in two chunks
 * and the last chunk (RFC 9112 §7.1), as a client that streams its body writes it: a recipient that
 * decodes the coding reads the same content whatever the chunks.
 */
export function framedContent(request: WireRequest): Buffer {
  const content = Buffer.from(request.body ?? '', 'utf8');
  if (!sendsChunked(request)) return content;
  const half = Math.ceil(content.length / 2);
  const chunks = [content.subarray(0, half), content.subarray(half)].filter((chunk) => chunk.length > 0);
  return Buffer.concat([...chunks.flatMap((chunk) => [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')]);
}

/** The whole request as it goes on the wire: its head, then its content. */
export const messageOf = (request: WireRequest, host: string): Buffer => Buffer.concat([Buffer.from(headText(request, host)), framedContent(request)]);

export function open(origin: URL, options: ConversationOptions): Socket {
  const port = Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80);
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  // SNI names a host, never an address (RFC 6066 §3).
  if (origin.protocol === 'https:') return connectTls({ host, port, ...(isIP(host) ? {} : { servername: host }), ...options.tls });
  return connectTcp({ host, port });
}

/** A request as its transcript keeps it: the version named only where it was not HTTP/1.1. */
export function sentOf(request: WireRequest, origin: URL): SentRequest {
  const sent: SentRequest = { method: request.method, url: `${origin.origin}${request.path}`, headers: request.headers, body: request.body };
  return request.httpVersion === undefined ? sent : { ...sent, httpVersion: request.httpVersion };
}

/** A deadline as a promise that only ever rejects, and its timer. */
export function deadlineOf(ms: number, abandon: AbortSignal | undefined): { promise: Promise<never>; clear: () => void } {
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

/** Runs one request's turn under its own deadline (its timeout, or the operation abandoned), cleared when the turn ends. */
export async function withinDeadline<T>(options: ConversationOptions, turn: (deadline: Promise<never>) => Promise<T>): Promise<T> {
  const deadline = deadlineOf(options.timeoutMs, options.abandon);
  try {
    return await turn(deadline.promise);
  } finally {
    deadline.clear();
  }
}

/** The connection closed before any answer to the request came. */
export const closedBeforeAnswer = (inbox: Inbox): WireError =>
  new WireError('connection-reset', inbox.error?.message ?? 'the connection closed before any answer came');

export const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * A request answered, as its transcript: the answer, the time it took, and what the connection
 * showed (ConnectionFacts): what the answer's own status line and interim answers showed, after
 * what the caller learnt around it.
 */
export function answeredTurn(
  request: SentRequest,
  answer: Answer,
  ms: number,
  around: ConnectionFacts = {},
  roomToParse?: (bytes: number) => boolean,
): Transcript {
  const { response, facts: ofTheAnswer } = receivedOf(answer, roomToParse);
  const facts: ConnectionFacts = { ...around, ...ofTheAnswer };
  return { request, response, durationMs: tenths(ms), ...(Object.keys(facts).length > 0 ? { connection: facts } : {}) };
}

/** A request whose turn failed, as its transcript: the failure as data, timed from when the turn began. */
export const failedTurn = (request: SentRequest, error: unknown, started: number): Transcript => ({
  request,
  failure: failureOf(error),
  durationMs: tenths(performance.now() - started),
});

/** Every request's transcript where the operation was abandoned before any was sent. */
export function abandoned(requests: readonly WireRequest[], origin: URL): Transcript[] {
  return requests.map((request) => ({
    request: sentOf(request, origin),
    failure: { kind: 'aborted', message: 'abandoned after an earlier timeout of this operation' },
    durationMs: 0,
  }));
}

/** An answer as its transcript keeps it, and what its own status line and interim answers showed (ConnectionFacts). */
export function receivedOf(answer: Answer, roomToParse?: (bytes: number) => boolean): { readonly response: ReceivedResponse; readonly facts: ConnectionFacts } {
  const parses = roomToParse === undefined || roomToParse(answer.content.length);
  const bodyText = answer.content.toString('utf8');
  const { status, headers, malformedStatusLine } = answer.head;
  return {
    response: { status, headers, bodyText, json: parses ? parseJson(bodyText) : NOT_PARSED },
    facts: {
      ...(malformedStatusLine === undefined ? {} : { malformedStatusLine }),
      ...(answer.interim.length > 0 ? { interimAnswers: answer.interim } : {}),
    },
  };
}

export function failureOf(error: unknown): TransportFailure {
  if (error instanceof WireError) return { kind: error.kind, message: error.message };
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? String(error);
  if (code === 'ECONNREFUSED') return { kind: 'connection-refused', message };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { kind: 'connection-reset', message };
  return { kind: 'network-error', message: code ? `${code}: ${message}` : message };
}
