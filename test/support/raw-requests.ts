import type { Socket } from 'node:net';

/**
 * Reads the requests a client writes on a connection as they come (a head, then as many octets of
 * body as its Content-Length says) and hands each to `each`, with its place on the connection.
 */
export function readRequests(socket: Socket, each: (head: string, body: string, index: number) => void): void {
  let pending = '';
  let index = 0;
  socket.on('data', (chunk) => {
    pending += chunk.toString('latin1');
    for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
      const head = pending.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (pending.length < end + 4 + length) return;
      const body = Buffer.from(pending.slice(end + 4, end + 4 + length), 'latin1').toString('utf8');
      pending = pending.slice(end + 4 + length);
      each(head, body, index++);
    }
  });
  socket.on('error', () => undefined);
}
