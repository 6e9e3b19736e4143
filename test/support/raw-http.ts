/**
 * HTTP calls to a reference server that keep what a red-team fault changes: every header field as it
 * came, duplicates and case kept, the body as bytes, or every byte on the connection.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import type { ReferenceServer } from '../../src/reference/server.js';

export type Json = Record<string, unknown>;
export type Headers = Readonly<Record<string, string>>;

export interface Reply {
  readonly status: number;
  /** Header fields in the order and case they came, duplicates kept. */
  readonly fields: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

/** One call with node:http on a connection of its own, to a path as given; the payload, where there is one, goes as JSON. */
export function callTo(server: ReferenceServer, method: string, path: string, payload: unknown, headers: Headers): Promise<Reply> {
  return callWithText(server, method, path, payload === undefined ? undefined : JSON.stringify(payload), headers);
}

/** One call with node:http on a connection of its own, to a path as given, its body (where it has one) this text exactly: JSON as a client that writes it its own way sends it. */
export function callWithText(server: ReferenceServer, method: string, path: string, text: string | undefined, headers: Headers): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  const length: Headers = text === undefined ? {} : { 'content-length': String(Buffer.byteLength(text)) };
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, agent: false, headers: { ...headers, ...length } }, (res) => {
      const chunks: Buffer[] = [];
      const raw = res.rawHeaders;
      const fields = raw.flatMap((name, index) => (index % 2 === 0 ? [[name, raw[index + 1]!] as const] : []));
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fields, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** One POST with node:http on a connection of its own, to a path as given. */
export const postTo = (server: ReferenceServer, path: string, payload: unknown, headers: Headers): Promise<Reply> =>
  callTo(server, 'POST', path, payload, headers);

/** A request as it goes on the wire: what node:http would not send, or would send on a connection of its own. */
export function requestText(method: string, path: string, headers: Headers, body = ''): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return [...lines, ...(body === '' ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]), '', body].join('\r\n');
}

export interface Conversation {
  /** Every byte the server sent. */
  readonly text: string;
  /** Whether the server closed the connection within the wait, rather than the client giving up. */
  readonly closedByServer: boolean;
}

/** Writes the requests on one connection and reads until the server closes it, or until it has been quiet for `quietMs` after answering. */
export function converse(server: ReferenceServer, requests: string, quietMs = 600): Promise<Conversation> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const text = () => Buffer.concat(chunks).toString('utf8');
    let quiet: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(requests));
    socket.on('data', (data: Buffer) => {
      chunks.push(data);
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        socket.destroy();
        resolve({ text: text(), closedByServer: false });
      }, quietMs);
    });
    socket.on('end', () => {
      clearTimeout(quiet);
      resolve({ text: text(), closedByServer: true });
    });
    socket.on('error', reject);
  });
}

/** The header section of the first answer in a conversation, and every byte after it. */
export function firstHead(conversation: Conversation): { head: string; rest: string } {
  const end = conversation.text.indexOf('\r\n\r\n');
  return { head: conversation.text.slice(0, end), rest: conversation.text.slice(end + 4) };
}

export const field = (reply: Reply, name: string): string | undefined => reply.fields.find(([found]) => found.toLowerCase() === name)?.[1];
export const text = (reply: Reply): string => reply.body.toString('utf8');
export const parsed = (reply: Reply): Json => JSON.parse(text(reply)) as Json;
export const dataOf = (reply: Reply): Json => parsed(reply).data as Json;
export const listOf = (reply: Reply): Json[] => dataOf(reply).list as Json[];

/** One answer of a conversation read off the wire. */
export interface WireAnswer {
  readonly statusLine: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The answers of a conversation one after another, each framed by its Content-Length. */
export function answersIn(conversation: string): WireAnswer[] {
  const bytes = Buffer.from(conversation, 'utf8');
  const answers: WireAnswer[] = [];
  for (let at = 0; at < bytes.length;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    const [statusLine = '', ...lines] = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(fields['content-length']);
    answers.push({ statusLine, fields, body: bytes.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    at = headEnd + 4 + length;
  }
  return answers;
}
