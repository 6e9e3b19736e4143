/**
 * What the faults of records written in sequence share: an answer rewritten on its way out, a
 * request's id read, a list's every record, and a fault that answers one operation while it is
 * placed at another, remembering what it saw apart for each server.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Fault, type FaultFacts, socketFault } from '../../../../src/reference/faults/fault.js';
import { positiveWholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { sendText } from './answers.js';
import { heldJson, holdAnswer, withJson } from './held-answer.js';

/** More records than any list of the server holds: every record, on one page. */
export const EVERY_RECORD = 1_000_000;

/** The answer's JSON body as `rewrite` makes it; an answer that holds no JSON object goes out as written. */
export function rewriteAnswer(res: ServerResponse, rewrite: (body: Json) => Json): void {
  holdAnswer(res, (held, send) => {
    const body = heldJson(held);
    send(body ? withJson(held, rewrite(body)) : held);
  });
}

/** The records of a page's `list`, or none where the body holds no page. */
export function listedIn(body: Json): Json[] {
  const data = body.data;
  return isPlainObject(data) && Array.isArray(data.list) ? data.list.filter(isPlainObject) : [];
}

/** The body with each listed record as `rewrite` makes it. */
export function withListed(body: Json, rewrite: (record: Json) => Json): Json {
  const data = body.data;
  return isPlainObject(data) && Array.isArray(data.list) ? { ...body, data: { ...data, list: listedIn(body).map(rewrite) } } : body;
}

/** A positive whole id named by `field` of a request body, as the server binds it. */
export const idNamed = (body: Json | undefined, field: string): number | undefined => positiveWholeNumber(body?.[field]);

/** Every record of the list `payload` asks for, filters kept, on one page. */
export function everyRecordOf(answerTo: (payload: unknown) => unknown, payload: Json): Json[] {
  const body = answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 });
  return isPlainObject(body) ? listedIn(body) : [];
}

/**
 * A fault placed at `operationId` that answers the calls of `answers` (an operation of section 4
 * or 4.1) its own way, with a memory `make` builds once per server: `watch` sees every request
 * before routing, `respond` answers with the clean body, the payload and `answerTo` of the struck
 * operation.
 */
export function rememberingFault<S>(
  facts: FaultFacts & {
    readonly answers: string;
    make(): S;
    watch(memory: S, req: IncomingMessage, res: ServerResponse): void;
    respond(memory: S, body: Json, payload: unknown, answerTo: (payload: unknown) => unknown): Json;
  },
): Fault {
  const memories = new WeakMap<IncomingMessage, S>();
  const fault = socketFault({
    ...facts,
    respond(res, body, payload, answerTo) {
      const memory = memories.get(res.req);
      sendText(res, JSON.stringify(memory === undefined || !isPlainObject(body) ? body : facts.respond(memory, body, payload, answerTo)));
    },
  });
  return {
    ...fault,
    strikes: (operation) => operation.id === facts.answers,
    interceptor: () => {
      const memory = facts.make();
      return (req, res) => {
        memories.set(req, memory);
        facts.watch(memory, req, res);
        return false;
      };
    },
  };
}
