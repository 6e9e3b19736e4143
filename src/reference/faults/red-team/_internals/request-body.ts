/**
 * A request's body as the handler will read it, changed on its way in: bytes decoded another way
 * than they were sent, or a body made up from what the request carried elsewhere (its query). The
 * server reads a body from the request's 'data' events, so these stand between the socket and it.
 */
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

/** Each byte as the ISO-8859-1 character of the same number, written back as UTF-8: what a servlet container's default request decoding makes of UTF-8. */
export const latin1Read = (chunk: Buffer): Buffer => Buffer.from(chunk.toString('latin1'), 'utf8');
