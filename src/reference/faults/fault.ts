import type { IncomingMessage, ServerResponse } from 'node:http';
import { findListedOperation } from '../../catalogue/listed-operations.js';
import { mappedOperation } from '../../catalogue/operation-map.js';
import { type Operation, findOperation, wirePath } from '../../catalogue/operations.js';
import { readOperationMap } from '../../validation/operation-map-file.js';
import { isPlainObject, type Json } from '../json.js';
import { referenceOperationMapFile } from '../map-file.js';

/** A deliberate departure from the spec that the reference server can be told to make. */
export interface Fault {
  readonly name: string;
  readonly description: string;
  /** The operation it strikes: one of section 4, or one of 4.1 at the reference server's path. */
  readonly operationId: string;
  /** Whether it changes the answer to this call (after routing, auth and parsing). */
  strikes(operation: Operation, payload: unknown): boolean;
  /**
   * Answers in the fault's way; `body` is what the clean server would have sent (to what `misreads`
   * made of the payload, where it has one), and `answerTo` what it would send to another payload of
   * the same operation (a list's other pages, say).
   */
  respond(res: ServerResponse, body: unknown, payload: unknown, answerTo: (payload: unknown) => unknown): void;
  /** The request the server answers instead of the one sent, at the calls it strikes: an off-by-one lookup, a filter read as another value. */
  misreads?(payload: unknown): unknown;
  /**
   * Made once per server (it may count what it saw), given the token the server accepts: takes
   * over a request before routing, and returns true when it answered. It may also change `req.url`
   * to route the request elsewhere.
   */
  interceptor?(token: string): (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Replaces the server's rule for the `authorization` header at the fault's operation. */
  authorizes?(header: string | undefined, token: string): boolean;
  /** The rule of `authorizes` holds at every operation that takes the token, not only at `operationId` (where the kit reports it). */
  readonly throughout?: boolean;
}

/** What names a fault and places it: the rest of it is how it answers. */
export type FaultFacts = Pick<Fault, 'name' | 'description' | 'operationId'>;

/** An answer as data: 200 unless told, the content-type and any other header, the body's text or bytes. */
export interface Answer {
  readonly status?: number;
  readonly contentType: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** The body as JSON, labelled as the clean server labels it. */
export const json = (body: unknown): Answer => ({ contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

function send(res: ServerResponse, { status = 200, contentType, headers, body }: Answer): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

function strikesOperation(operationId: string): Fault['strikes'] {
  if (!findOperation(operationId) && !findListedOperation(operationId)) throw new Error(`Fault names unknown operation ${operationId}.`);
  return (operation) => operation.id === operationId;
}

/** A fault that takes over the socket itself: resets it, holds it, or streams without end. */
export function socketFault(facts: FaultFacts & { respond: Fault['respond'] }): Fault {
  return { ...facts, strikes: strikesOperation(facts.operationId) };
}

/** A fault that answers every call its own way (status line, headers, body), from the clean body and the payload. */
export function answerFault(facts: FaultFacts & { answer(body: unknown, payload: unknown): Answer }): Fault {
  return socketFault({ ...facts, respond: (res, body, payload) => send(res, facts.answer(body, payload)) });
}

/** A fault that answers the calls `when` picks its own way and leaves the others clean. */
export function inputFault(facts: FaultFacts & { when(payload: unknown): boolean; answer(body: unknown, payload: unknown): Answer }): Fault {
  const onOperation = strikesOperation(facts.operationId);
  return { ...answerFault(facts), strikes: (operation, payload) => onOperation(operation, payload) && facts.when(payload) };
}

/** A server that crashes (HTTP 500) on the inputs `when` picks (4 rule 1 gives 200 to every call). */
export function crashFault({
  body = 'Internal Server Error',
  contentType = 'text/plain',
  ...facts
}: FaultFacts & { when(payload: unknown): boolean; body?: string; contentType?: string }): Fault {
  return inputFault({ ...facts, answer: () => ({ status: 500, contentType, body }) });
}

/** A server that answers another request than the one sent: the clean answer to what `misreads` makes of a JSON object body. */
export function misreadFault(facts: FaultFacts & { misreads(payload: Json): Json }): Fault {
  return {
    ...answerFault({ ...facts, answer: (body) => json(body) }),
    misreads: (payload) => (isPlainObject(payload) ? facts.misreads(payload) : payload),
  };
}

/** A fault that rewrites the clean JSON body and sends it as usual. */
export function bodyFault(facts: FaultFacts & { rewrite(body: Json, payload: Json): unknown }): Fault {
  return answerFault({ ...facts, answer: (body, payload) => json(facts.rewrite(structuredClone(body) as Json, (payload ?? {}) as Json)) });
}

/** A fault that rewrites `data` of the clean body. */
export function dataFault(facts: FaultFacts & { rewrite(data: Json, payload: Json): unknown }): Fault {
  return bodyFault({ ...facts, rewrite: (body, payload) => ({ ...body, data: facts.rewrite(body.data as Json, payload) }) });
}

/** A fault that rewrites every record of a page's `list`, or leaves some out. */
export function listRecordFault(facts: FaultFacts & { rewrite?(record: Json): Json; keep?(record: Json): boolean }): Fault {
  const keep = facts.keep ?? (() => true);
  const rewrite = facts.rewrite ?? ((record: Json) => record);
  return dataFault({ ...facts, rewrite: (data) => ({ ...data, list: (data.list as Json[]).filter(keep).map(rewrite) }) });
}

/** A fault that rewrites the order lines (2.4) of a created order's `items`. */
export function orderLinesFault(facts: FaultFacts & { rewrite(lines: Json[]): Json[] }): Fault {
  return dataFault({ ...facts, rewrite: (data) => ({ ...data, items: facts.rewrite(data.items as Json[]) }) });
}

/** What a list call asked for: its pageSize, and its pageNo (1 where not given, as the clean server reads it). */
export interface PageAsked {
  readonly pageSize: number;
  readonly pageNo: number;
}

/**
 * A fault in how a list is paged (2.2), built from the clean server's own pages: `page` gets the
 * clean page's data, what was asked, and `pageAt`, the clean data of any page of the same list.
 * Answers that are no page (an error result) and requests without a whole pageSize and pageNo go
 * out clean.
 */
export function pagingFault(facts: FaultFacts & { page(data: Json, asked: PageAsked, pageAt: (pageSize: number, pageNo: number) => Json): unknown }): Fault {
  const whole = (value: unknown) => Number.isSafeInteger(value) && (value as number) > 0;
  return socketFault({
    ...facts,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const data = clean.data as Json | undefined;
      const asked = (payload ?? {}) as Json;
      const pageNo = asked.pageNo ?? 1;
      if (!Array.isArray(data?.list) || !whole(asked.pageSize) || !whole(pageNo)) return send(res, json(clean));
      const pageAt = (pageSize: number, other: number) => (answerTo({ ...asked, pageSize, pageNo: other }) as Json).data as Json;
      send(res, json({ ...clean, data: facts.page(structuredClone(data), { pageSize: asked.pageSize as number, pageNo: pageNo as number }, pageAt) }));
    },
  });
}

/** A fault in how requests are let in: the server's rule for the `authorization` header. */
export function gateFault(facts: FaultFacts & Pick<Fault, 'authorizes' | 'throughout'>): Fault {
  return { ...facts, strikes: () => false, respond: notAnAnswerFault(facts.name) };
}

/** A fault that takes requests over before routing (see Fault.interceptor), and rewrites no answer. */
export function interceptFault(facts: FaultFacts & Required<Pick<Fault, 'interceptor'>>): Fault {
  return { ...facts, strikes: () => false, respond: notAnAnswerFault(facts.name) };
}

/** Answers the request once its body has arrived. */
export function answerAfterBody(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  req.resume();
  req.once('end', () => send(res, answer));
}

/** An operation of section 4, or one of 4.1 where the reference server's own map puts it. */
function referenceOperation(id: string): Operation | undefined {
  const listed = findListedOperation(id);
  const entry = listed && readOperationMap(referenceOperationMapFile).operations[id];
  return findOperation(id) ?? (listed && entry ? mappedOperation(listed, entry, entry.body) : undefined);
}

/** A fault that answers every request to its operation's path the same way, before routing and authorization. */
export function routeFault(facts: FaultFacts & { answer: Answer }): Fault {
  const operation = referenceOperation(facts.operationId);
  if (!operation) throw new Error(`Fault ${facts.name} names no operation the reference server answers.`);
  const path = wirePath(operation);
  return interceptFault({
    ...facts,
    interceptor: () => (req, res) => {
      if (req.url !== path) return false;
      answerAfterBody(req, res, facts.answer);
      return true;
    },
  });
}

function notAnAnswerFault(name: string): Fault['respond'] {
  return () => {
    throw new Error(`Fault ${name} does not rewrite answers.`);
  };
}

export function without(record: Json, field: string): Json {
  const { [field]: _dropped, ...rest } = record;
  return rest;
}

/** Every string inside a payload, keys included. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}
