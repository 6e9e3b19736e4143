/** What the planted faults share: where a call goes, how the clean server words success, and sending an answer with node:http. */

import { type DocumentedOperation, findOperation, wirePath } from '../../../../src/catalogue/operations.js';
import { done, envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function documented(operationId: string): DocumentedOperation {
  const operation = findOperation(operationId);
  if (!operation) throw new Error(`No operation ${operationId} in section 4.`);
  return operation;
}

/** The path a call of this operation of section 4 is sent to, doubled slash included. */
export const pathOf = (operationId: string): string => wirePath(documented(operationId));

/** A success in the full envelope (2.1), as the clean server words it. */
export const succeeded = (body: Json): boolean => body.code === '200';

export const success = (data: object): Json => envelope('full', done(data)) as Json;

/** The refusal the server sends a call without the documented authorization (5), word for word. */
export const UNAUTHORIZED = JSON.stringify({
  data: {},
  status: 'fail',
  code: '401',
  message: 'Missing or invalid authorization: send authorization: bearer<TOKEN>.',
  error: { reason: 'unauthorized' },
});

/** Each record of a page's `list` rewritten; answers that hold no page go out as they are. */
export function eachListed(body: Json, rewrite: (record: Json) => Json): Json {
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list)) return body;
  return { ...body, data: { ...data, list: data.list.map((record) => (isPlainObject(record) ? rewrite(record) : record)) } };
}

/** JSON text sent with node:http, framed by Content-Length as the clean server frames it. */
export function sendText(res: ServerResponse, text: string, headers: Readonly<Record<string, string>> = {}, status = 200): void {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}
