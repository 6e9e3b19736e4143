import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Operation, operations, wirePath } from '../catalogue/operations.js';
import type { Fault } from './faults/fault.js';
import { handle } from './handlers.js';
import { seedState } from './seed.js';

export interface ReferenceServerOptions {
  /** The token the server accepts in `authorization: bearer<TOKEN>`. */
  readonly token: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Loopback unless told otherwise. */
  readonly host?: string;
  /** A fault to inject, for the kit's own tests and for demonstrations. */
  readonly fault?: Fault;
}

export interface ReferenceServer {
  /** Base URL, e.g. http://127.0.0.1:43121 */
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

/** Requests larger than this are refused with an envelope, not read further. */
const MAX_REQUEST_BYTES = 1024 * 1024;

/** Routes by the raw request path, so `//pc/...` is matched exactly as section 4 writes it. */
const routes = new Map<string, Operation>(operations.map((operation) => [wirePath(operation), operation]));

function failure(code: string, message: string, error: Record<string, unknown>) {
  return { data: {}, status: 'fail', code, message, error };
}

function sendJson(res: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
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

function parsePayload(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

/**
 * The embedded reference implementation of the sixteen operations: `node:http` with no framework,
 * so the doubled slash and the header arrive exactly as sent. Every answer is HTTP 200 with the
 * envelope (4 rule 1, 7 rule 2), bad input included.
 */
export async function startReferenceServer(options: ReferenceServerOptions): Promise<ReferenceServer> {
  const state = seedState();
  const expectedAuthorization = `bearer${options.token}`;
  const fault = options.fault;

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const operation = routes.get(req.url ?? '');
    if (!operation) {
      return sendJson(res, failure('404', `No operation at ${req.url}; paths under /pc and /auth take a doubled slash.`, { path: req.url ?? '' }));
    }
    if (req.method !== operation.method) {
      return sendJson(res, failure('405', `${operation.path} takes ${operation.method}.`, { method: req.method ?? '' }));
    }
    const text = await readBody(req);
    if (req.headers.authorization !== expectedAuthorization) {
      return sendJson(res, failure('401', 'Missing or invalid authorization: send authorization: bearer<TOKEN>.', { reason: 'unauthorized' }));
    }
    if (text === undefined) {
      return sendJson(res, failure('413', `Request body over ${MAX_REQUEST_BYTES} bytes.`, { reason: 'too large' }));
    }
    const payload = parsePayload(text);
    if (!payload.ok) {
      return sendJson(res, failure('400', `Request body is not JSON: ${payload.reason}`, { reason: 'invalid JSON' }));
    }
    const body = handle(operation.id, payload.value, state);
    if (fault?.strikes(operation, payload.value)) return fault.respond(res, body, payload.value);
    sendJson(res, body);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      // The reference server must never answer 500: a handler bug still gets the envelope.
      if (!res.headersSent) sendJson(res, failure('500', 'Internal error.', { reason: String(error) }));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { sendJson };
