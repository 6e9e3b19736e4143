import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findListedOperation, operationsWithoutToken } from '../catalogue/listed-operations.js';
import { mappedOperation } from '../catalogue/operation-map.js';
import { readOperationMap } from '../validation/operation-map-file.js';
import { type Operation, operations, wirePath } from '../catalogue/operations.js';
import { KitError } from '../errors.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Fault } from './faults/fault.js';
import { handle } from './handlers.js';
import type { Json } from './json.js';
import { seedState } from './seed.js';
import { type Latency, latencyProblem, latencySchedule } from './latency.js';
import { referenceOperationMapFile } from './map-file.js';
import type { Variant } from './variants.js';

export interface ReferenceServerOptions {
  /** The token the server accepts in `authorization: bearer<TOKEN>`. */
  readonly token: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Loopback unless told otherwise. */
  readonly host?: string;
  /** A fault to inject, for the kit's own tests and for demonstrations. */
  readonly fault?: Fault;
  /** A clean variant: other choices where the spec leaves the answer open. */
  readonly variant?: Variant;
  /** What the token operation takes for the token; a generated pair when absent. */
  readonly credentials?: { readonly mobile: string; readonly password: string };
  /** The clock records created during the run are stamped with (epoch ms); the wall clock when absent. */
  readonly now?: () => number;
  /** Latency added to every answer (a fixed or spread delay, and one slow answer in N): a distant, uneven server. */
  readonly latency?: Latency;
}

export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:43121 */
  readonly url: string;
  readonly token: string;
  readonly credentials: { readonly mobile: string; readonly password: string };
  close(): Promise<void>;
}

/** Requests larger than this are refused with an envelope, not read further. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * Routes by the raw request path, so `//pc/...` is matched exactly as section 4 writes it. The
 * operations of 4.1 live where the server's own operation map (shipped with the kit) says.
 */
const referenceMap = readOperationMap(referenceOperationMapFile);
// readOperationMap accepts only ids of 4.1: each is listed.
const mappedOperations = Object.entries(referenceMap.operations).flatMap(([id, entry]) => {
  const listed = findListedOperation(id);
  return listed ? [mappedOperation(listed, entry, entry.body)] : [];
});
const routes = new Map<string, Operation>([...operations, ...mappedOperations].map((operation) => [wirePath(operation), operation]));

/** A refusal in the operation's envelope: the alpha create-order response "carries only data" (2.1). */
function failure(operation: Operation | undefined, code: string, message: string, error: Record<string, unknown>) {
  if (operation?.envelope === 'data-only') return { data: {} };
  return { data: {}, status: 'fail', code, message, error };
}

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Writes the Date of an answer (RFC 9110 6.6.1) by the clock its records are stamped with, where
 * Node would write the wall clock's: a server has one clock, and an order placed "now" reads as
 * placed at the moment of the answer that creates it, whatever day the run is on. An answer that
 * writes its own Date, or none (sendDate off), keeps it.
 */
function dateBy(res: ServerResponse, now: () => number): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  // Node's implicit header (res.end() without writeHead) goes through writeHead too.
  res.writeHead = ((...args: unknown[]) => {
    if (res.sendDate && !res.hasHeader('date')) res.setHeader('date', new Date(now()).toUTCString());
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        resolve(undefined);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parsePayload(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The embedded reference implementation of the sixteen operations and those of 4.1: `node:http` with no framework,
 * so the doubled slash and the header arrive exactly as sent. Every answer is HTTP 200 with the
 * envelope (4 rule 1, 7 rule 2), bad input included.
 */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const problem = options.latency && latencyProblem(options.latency);
  if (problem) throw new KitError('OTP_BAD_OPTION', `The reference server's latency option is wrong: ${problem}.`);
  const state = seedState(options.now, options.variant?.listOrder, options.variant?.firstId);
  const otherClient = options.variant?.otherClient?.();
  const expectedAuthorization = `bearer${options.token}`;
  const credentials = options.credentials ?? { mobile: '13800138000', password: randomBytes(12).toString('hex') };
  const fault = options.fault;
  const wire = options.variant?.wire?.();
  const intercept = fault?.interceptor?.(options.token);

  /** The rule for the `authorization` header (5): the fault's where it has one, else the variant's, else the documented form. */
  function authorized(operation: Operation, header: string | undefined): boolean {
    if (fault?.authorizes && fault.operationId === operation.id) return fault.authorizes(header, options.token);
    if (operationsWithoutToken.has(operation.id)) return true;
    if (fault?.authorizes && fault.throughout) return fault.authorizes(header, options.token);
    return options.variant?.authorizes ? options.variant.authorizes(header, options.token) : header === expectedAuthorization;
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (intercept?.(req, res)) return;
    // The variant's way on the wire (status, headers, encoding) where it has one.
    const reply = (body: unknown) => (wire?.send ? wire.send(req, res, JSON.stringify(body)) : sendJson(res, body));
    const operation = routes.get(req.url ?? '');
    if (!operation) {
      return reply(failure(undefined, '404', 'No operation at this path; paths under /pc and /auth take a doubled slash.', { reason: 'not found' }));
    }
    if (req.method !== operation.method) {
      return reply(failure(operation, '405', `${operation.path} takes ${operation.method}.`, { reason: 'method not allowed' }));
    }
    const text = await readBody(req);
    if (wire?.turnAway?.(req, res, text ?? '')) return;
    if (!authorized(operation, req.headers.authorization)) {
      return reply(failure(operation, '401', 'Missing or invalid authorization: send authorization: bearer<TOKEN>.', { reason: 'unauthorized' }));
    }
    if (text === undefined) {
      return reply(failure(operation, '413', `Request body over ${MAX_REQUEST_BYTES} bytes.`, { reason: 'too large' }));
    }
    // A GET operation of 4.1 takes no body.
    const payload = operation.method === 'GET' && text === '' ? { ok: true as const, value: undefined } : parsePayload(text);
    if (!payload.ok) {
      // The parser's message quotes the body; a message that echoes input is how markup gets into pages.
      return reply(failure(operation, '400', 'Request body is not valid JSON.', { reason: 'invalid JSON' }));
    }
    const struck = fault?.strikes(operation, payload.value) === true;
    // What the handler answers: the request as sent, or as a variant or a fault reads it.
    const variantRead = options.variant?.reads ? options.variant.reads(operation, payload.value) : payload.value;
    const read = struck && fault?.misreads ? fault.misreads(variantRead) : variantRead;
    const context = { token: options.token, credentials };
    for (const other of options.variant?.alongside?.(operation, payload.value) ?? []) handle(other.operationId, other.payload, state, context);
    for (const other of otherClient?.before(operation) ?? []) otherClient?.heard(other, handle(other.operationId, other.payload, state, context) as Json);
    const answerTo = (other: unknown) => handle(operation.id, other, state, context) as Json;
    const clean = answerTo(read);
    const body = options.variant?.rewrite ? options.variant.rewrite(operation, clean, payload.value) : clean;
    const delay = options.variant?.delayMs?.(operation) ?? 0;
    if (delay > 0) await sleep(delay);
    if (struck && fault) return fault.respond(res, body, payload.value, answerTo);
    reply(body);
  }

  const nextDelay = options.latency ? latencySchedule(options.latency) : () => 0;
  /** Ends the waits of answers still held back when the server closes, so none outlives it. */
  const closing = new AbortController();
  async function answerLate(req: IncomingMessage, res: ServerResponse, delayMs: number): Promise<void> {
    try {
      await sleep(delayMs, undefined, { signal: closing.signal });
    } catch {
      res.destroy();
      return;
    }
    // The client gave up while the answer was held back (its deadline passed): nothing left to answer.
    if (req.socket.destroyed) return;
    await answer(req, res);
  }

  const server = createServer((req, res) => {
    if (options.now) dateBy(res, options.now);
    const delayMs = nextDelay();
    (delayMs > 0 ? answerLate(req, res, delayMs) : answer(req, res)).catch(() => {
      // The reference server must never answer 500: a handler bug still gets the envelope.
      if (!res.headersSent) sendJson(res, failure(routes.get(req.url ?? ''), '500', 'Internal error.', { reason: 'internal error' }));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    token: options.token,
    credentials,
    close: () =>
      new Promise<void>((resolve) => {
        closing.abort();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
