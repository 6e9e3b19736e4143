/**
 * An answer held back on its way out: the status, header fields and body the server wrote, kept
 * until a fault has looked at them. A fault that changes a header field after the body is known
 * (a cookie only a successful login gets) or the body itself (a token swapped) cannot do it with
 * setHeader once node:http has rendered the head, so it takes the answer before writeHead does.
 */

import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type OutgoingHttpHeaders, type ServerResponse, STATUS_CODES } from 'node:http';

export interface HeldAnswer {
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

type Write = (...args: unknown[]) => unknown;

/** The header fields writeHead was given, whichever of its two forms the caller used. */
function headersOf(args: readonly unknown[]): OutgoingHttpHeaders {
  const given = args.find((arg) => isPlainObject(arg));
  return (given ?? {}) as OutgoingHttpHeaders;
}

/**
 * Holds back what the server writes to `res` and hands it to `release` once the body has ended;
 * `send` writes an answer through node:http as the server would have, Content-Length counted anew.
 */
export function holdAnswer(res: ServerResponse, release: (held: HeldAnswer, send: (answer: HeldAnswer) => void) => void): void {
  const writeHead = res.writeHead.bind(res) as Write;
  const end = res.end.bind(res) as Write;
  let status = 200;
  let headers: OutgoingHttpHeaders = {};
  const chunks: Buffer[] = [];
  res.writeHead = ((...args: unknown[]) => {
    status = Number(args[0]);
    headers = headersOf(args.slice(1));
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) chunks.push(Buffer.from(chunk));
    return true;
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) chunks.push(Buffer.from(chunk));
    release({ status, headers, body: Buffer.concat(chunks) }, (answer) => {
      writeHead(answer.status, { ...withoutLength(answer.headers), 'content-length': String(answer.body.length) });
      end(answer.body);
    });
    return res;
  }) as ServerResponse['end'];
}

function withoutLength(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
}

/** The held body as the JSON object it holds, or undefined where it holds none. */
export function heldJson(held: HeldAnswer): Json | undefined {
  try {
    const value: unknown = JSON.parse(held.body.toString('utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The held answer with another JSON body. */
export const withJson = (held: HeldAnswer, body: Json): HeldAnswer => ({ ...held, body: Buffer.from(JSON.stringify(body), 'utf8') });

/**
 * The answer as it goes on the wire, status line to body, written past node:http: the fields
 * node:http would have added (Date, Content-Length) and any set with setHeader before included.
 */
export function wireMessage(res: ServerResponse, held: HeldAnswer, extra: readonly (readonly [string, string])[] = []): Buffer {
  const fields: [string, string][] = Object.entries({ ...res.getHeaders(), ...withoutLength(held.headers) }).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, String(one)]),
  );
  if (!fields.some(([name]) => name.toLowerCase() === 'date')) fields.unshift(['Date', new Date().toUTCString()]);
  const head = [
    `HTTP/1.1 ${held.status} ${STATUS_CODES[held.status] ?? ''}`,
    ...[...fields, ['Content-Length', String(held.body.length)], ...extra].map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), held.body]);
}
