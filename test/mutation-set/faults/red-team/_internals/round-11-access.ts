/**
 * What round 11's access faults share: a request body inflated on its way in, a callback posted
 * to an address a caller names, and the part of a password that bcrypt reads.
 */
import type { IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** The gateway's client_max_body_size: the reference server's own limit on a request's bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/** Whether the request says its content is gzip-coded (RFC 9110, 8.4). */
export const gzipCoded = (req: IncomingMessage): boolean => /^\s*(x-)?gzip\s*$/i.test(String(req.headers['content-encoding'] ?? ''));

/**
 * The body as the handler will read it once a gzip coding has been taken off, the limit having been
 * checked on the coded bytes only: a body that does not inflate, or whose coded bytes are already
 * over the limit, goes on as it came. The handler reads the JSON value; the reference server's own
 * reader is handed it written without the whitespace, which changes nothing the handler sees (a
 * value still over the limit once written so is refused by that reader, where the story's server
 * would read it too).
 */
export function inflateBody(req: IncomingMessage): void {
  const emit = req.emit.bind(req) as Emit;
  const chunks: Buffer[] = [];
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    const [chunk] = args;
    if (event === 'data' && Buffer.isBuffer(chunk)) {
      chunks.push(chunk);
      return true;
    }
    if (event === 'end') emit('data', decoded(Buffer.concat(chunks)));
    return emit(event, ...args);
  }) as IncomingMessage['emit'];
}

function decoded(coded: Buffer): Buffer {
  if (coded.length > BODY_LIMIT_BYTES) return coded;
  let plain: Buffer;
  try {
    plain = gunzipSync(coded);
  } catch {
    return coded;
  }
  const text = plain.toString('utf8');
  try {
    return Buffer.from(JSON.stringify(JSON.parse(text)), 'utf8');
  } catch {
    return plain;
  }
}

/** How long the callback may take before the order is answered without its result. */
export const NOTIFY_TIMEOUT_MS = 3000;

/** The first characters of the callback's answer the order answer carries. */
export const NOTIFY_ECHO_CHARS = 512;

/** What the callback to `url` got: its status and the start of its answer, or why it failed. */
export type NotifyResult = { readonly status: number; readonly body: string } | { readonly error: string };

/** The created order POSTed to `url` as the notification, redirects followed, whatever address it names. */
export async function notify(url: string, order: unknown): Promise<NotifyResult> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    return { status: answer.status, body: (await answer.text()).slice(0, NOTIFY_ECHO_CHARS) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return { error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/** bcrypt reads at most this many bytes of its input, the terminating NUL counted. */
const BCRYPT_INPUT_BYTES = 72;

/** A SHA-256 in hexadecimal: the pepper written before the password. */
export const PEPPER_CHARS = 64;

/** The part of a password bcrypt(pepper + password) reads: its first 8 bytes, and its NUL where it is shorter. */
export function bcryptReads(password: string): string {
  const input = Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from([0])]);
  return input.subarray(0, BCRYPT_INPUT_BYTES - PEPPER_CHARS).toString('hex');
}
