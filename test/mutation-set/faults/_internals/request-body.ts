/**
 * A request's body as the handler will read it, changed on its way in: bytes decoded another way
 * than they were sent, or a body made up from what the request carried elsewhere (its query). The
 * server reads a body from the request's 'data' events, so these stand between the socket and it.
 */

import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { IncomingMessage } from 'node:http';

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

function wrapEmit(req: IncomingMessage, wrap: (emit: Emit) => Emit): void {
  const emit = req.emit.bind(req) as Emit;
  req.emit = wrap(emit) as IncomingMessage['emit'];
}

/** Each chunk of the body as `transcode` makes it, before the server reads it. */
export function transcodeBody(req: IncomingMessage, transcode: (chunk: Buffer) => Buffer): void {
  wrapEmit(req, (emit) => (event, ...args) => {
    const [chunk] = args;
    return event === 'data' && Buffer.isBuffer(chunk) ? emit(event, transcode(chunk)) : emit(event, ...args);
  });
}

/** The text read as the body of a request that came without one (a GET), just before its end. */
export function supplyBody(req: IncomingMessage, text: string): void {
  wrapEmit(req, (emit) => (event, ...args) => {
    if (event === 'end') emit('data', Buffer.from(text, 'utf8'));
    return emit(event, ...args);
  });
}

/**
 * The whole body as `rewrite` makes it of its text, handed on in one piece once all of it has come:
 * what a filter that reads the body before the handler does (to check it, or to bind it otherwise).
 * `rewrite` may also only look, and give the text back as it came.
 */
export function rewriteBody(req: IncomingMessage, rewrite: (text: string) => string): void {
  const chunks: Buffer[] = [];
  wrapEmit(req, (emit) => (event, ...args) => {
    const [chunk] = args;
    if (event === 'data' && Buffer.isBuffer(chunk)) {
      chunks.push(chunk);
      return true;
    }
    if (event === 'end') emit('data', Buffer.from(rewrite(Buffer.concat(chunks).toString('utf8')), 'utf8'));
    return emit(event, ...args);
  });
}

/** The body's text as the JSON object it holds, or undefined where it holds none. */
export function bodyObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Each byte as the ISO-8859-1 character of the same number, written back as UTF-8: what a servlet container's default request decoding makes of UTF-8. */
export const latin1Read = (chunk: Buffer): Buffer => Buffer.from(chunk.toString('latin1'), 'utf8');

/** The body's JSON object as the handler will read it, once it has all come: read as it passes, left as it is. */
export function watchBody(req: IncomingMessage): () => Json | undefined {
  let asked: Json | undefined;
  rewriteBody(req, (text) => {
    asked = bodyObject(text);
    return text;
  });
  return () => asked;
}
