/**
 * Answers written to the socket byte for byte. node:http frames what it sends correctly (and
 * refuses a body after a 204); the faults that break HTTP/1.1 framing write the message themselves.
 */

import { JSON_TYPE } from './answers.js';
import type { ServerResponse } from 'node:http';

/** A status line, its header fields in order, and the message body as it goes on the wire (already framed). */
export interface RawAnswer {
  readonly statusLine: string;
  readonly fields: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** What ends the status line and each field line: CRLF (RFC 9112, 2.1) unless the fault is in the line ends themselves. */
  readonly lineEnd?: string;
}

/** Writes the answer and closes the connection, which is the only end a broken framing leaves a client to rely on. */
export function writeRaw(res: ServerResponse, { statusLine, fields, body, lineEnd = '\r\n' }: RawAnswer): void {
  const head = [statusLine, ...fields.map(([name, value]) => `${name}: ${value}`), '', ''].join(lineEnd);
  res.socket?.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
}

/** One chunk of the chunked transfer coding (RFC 9112, 7.1): its size in hex, CRLF, the data, CRLF. */
export function chunk(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`, 'latin1'), data, Buffer.from('\r\n', 'latin1')]);
}

/** The last-chunk and the empty trailer section that end a chunked body. */
export const LAST_CHUNK = Buffer.from('0\r\n\r\n', 'latin1');

/** A 200 of JSON whose body is already in the chunked coding, as a server that frames it itself writes it, on a connection it closes after. */
export function writeChunked(res: ServerResponse, body: Buffer): void {
  writeRaw(res, {
    statusLine: 'HTTP/1.1 200 OK',
    fields: [
      ['Date', new Date().toUTCString()],
      ['Content-Type', JSON_TYPE],
      ['Transfer-Encoding', 'chunked'],
      ['Connection', 'close'],
    ],
    body,
  });
}
