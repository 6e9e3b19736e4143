import type { Socket } from 'node:net';

/** The content of a chunked body at the front of `text` and where the body ends, once its last chunk has come (trailer fields are not read). */
function chunkedBody(text: string): { readonly content: string; readonly end: number } | undefined {
  let content = '';
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(text.slice(at, lineEnd), 16);
    at = lineEnd + 2;
    if (size === 0) return text.length < at + 2 ? undefined : { content, end: at + 2 };
    if (text.length < at + size + 2) return undefined;
    content += text.slice(at, at + size);
    at += size + 2;
  }
}

/**
 * Reads the requests a client writes on a connection as they come (a head, then as many octets of
 * body as its Content-Length says, or its chunks where it is sent in the chunked coding) and hands
 * each to `each`, with its place on the connection.
 */
export function readRequests(socket: Socket, each: (head: string, body: string, index: number) => void): void {
  let pending = '';
  let index = 0;
  socket.on('data', (chunk) => {
    pending += chunk.toString('latin1');
    for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
      const head = pending.slice(0, end);
      const rest = pending.slice(end + 4);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const body = /^transfer-encoding: chunked$/im.test(head)
        ? chunkedBody(rest)
        : rest.length < length
          ? undefined
          : { content: rest.slice(0, length), end: length };
      if (!body) return;
      pending = rest.slice(body.end);
      each(head, Buffer.from(body.content, 'latin1').toString('utf8'), index++);
    }
  });
  socket.on('error', () => undefined);
}
