import { request } from 'node:http';
import type { ReferenceServer } from '../../src/reference/server.js';
import { DEMONSTRATION_TOKEN } from './demonstrations.js';
import { pathOf } from './red-team-calls.js';

/** The documented form of a call with the demonstrations' token: `authorization: bearer<TOKEN>`. */
const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${DEMONSTRATION_TOKEN}` };

export interface HttpReply {
  readonly status: number;
  /** Header fields in the order and case they came, duplicates kept. */
  readonly fields: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Why the HTTP client gave up on the answer, where it did. */
  readonly failure?: string;
}

/** One POST with node:http on a connection of its own. */
export function sendByNodeHttp(
  server: ReferenceServer,
  operationId: string,
  payload: unknown,
  headers: Readonly<Record<string, string>> = DOCUMENTED_HEADERS,
): Promise<HttpReply> {
  const { hostname, port } = new URL(server.url);
  const text = JSON.stringify(payload);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let reply: Omit<HttpReply, 'body'> | undefined;
    let refused: string | undefined;
    let settled = false;
    const settle = (failure = refused) => {
      if (settled) return;
      settled = true;
      resolve({ ...(reply ?? { status: 0, fields: [] }), body: Buffer.concat(chunks), ...(failure ? { failure } : {}) });
    };
    const req = request(
      { hostname, port, path: pathOf(operationId), method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(text) } },
      (res) => {
        const raw = res.rawHeaders;
        reply = { status: res.statusCode ?? 0, fields: raw.flatMap((name, index) => (index % 2 === 0 ? [[name, raw[index + 1] ?? ''] as const] : [])) };
        res.on('data', (data: Buffer) => chunks.push(data));
        res.on('end', () => settle());
        res.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
        res.on('close', () => settle(res.complete ? refused : 'closed before the message ended'));
      },
    );
    // Bytes past the end of a message fail the request while its response still streams the body: that ends the reply.
    req.on('error', (error: NodeJS.ErrnoException) => {
      refused = error.code ?? error.message;
      if (!reply) settle();
    });
    req.end(text);
  });
}
