import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Fault, type FaultFacts, socketFault } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { sendText, succeeded } from '../_internals/answers.js';
import type { CaughtFault } from '../../planted-fault.js';

/*
 * Servers whose records behave as the model predicts while calls come one after another, and
 * otherwise once two calls on one record overlap: each holds a write's answer a while, as a server
 * waits on its database, and does the wrong thing only when another call of the record arrives
 * meanwhile. The model's races (src/model/race.ts, docs/model.md) must report each under every seed;
 * the commands one after another cannot see them.
 */

/** How long a write of one record stays under way: the window in which a second call of it overlaps. */
const UNDER_WAY_MS = 300;

const whole = (value: unknown): number | undefined => (Number.isSafeInteger(Number(value)) && value !== null && value !== '' ? Number(value) : undefined);

const idOf = (payload: unknown, field: string): number | undefined => (isPlainObject(payload) ? whole(payload[field]) : undefined);

const sendJson = (res: ServerResponse, body: unknown) => sendText(res, JSON.stringify(body));

/** A write of one record under way: what it was sent, and how its held answer goes out. */
interface UnderWay {
  readonly payload: Json;
  finish(): void;
}

/**
 * A fault whose answers to its operation know the writes of one record under way, apart for each
 * server it is planted in; `respond` gets them by id, `holdFor` keeps a write under way for
 * UNDER_WAY_MS before its answer goes out.
 */
function overlappingFault(
  facts: FaultFacts & {
    readonly expect: CaughtFault['expect'];
    respond(underWay: Map<number, UnderWay>, res: ServerResponse, body: Json, payload: Json, answerTo: (payload: unknown) => unknown): void;
  },
): CaughtFault {
  const states = new WeakMap<IncomingMessage, Map<number, UnderWay>>();
  const fault: Fault = socketFault({
    ...facts,
    respond(res, body, payload, answerTo) {
      const underWay = states.get(res.req);
      if (underWay === undefined || !isPlainObject(body) || !isPlainObject(payload)) return sendJson(res, body);
      facts.respond(underWay, res, body, payload, answerTo);
    },
  });
  return {
    ...fault,
    expect: facts.expect,
    interceptor: () => {
      const underWay = new Map<number, UnderWay>();
      return (req) => {
        states.set(req, underWay);
        return false;
      };
    },
  };
}

/** Keeps the write of record `id` under way, its answer `body` held, until `finish` or UNDER_WAY_MS. */
function holdFor(underWay: Map<number, UnderWay>, id: number, payload: Json, res: ServerResponse, body: Json): void {
  const finish = () => {
    clearTimeout(timer);
    underWay.delete(id);
    sendJson(res, body);
  };
  const timer = setTimeout(finish, UNDER_WAY_MS);
  timer.unref();
  underWay.set(id, { payload, finish });
}

export const raceFaults: readonly CaughtFault[] = [
  overlappingFault({
    name: 'invoice-profile-edits-written-field-by-field',
    description:
      'writes an edit of an invoice profile (an operation of 4.1) one field after another: an edit that arrives while another of the same profile is under way is written between the first field of that one and its remark, so the profile keeps the second edit’s address and the first’s remark, the values of neither',
    operationId: 'invoice-profile-edit',
    expect: { check: 'model-race-linearizable', severity: 'warning', at: 'invoice-profile-detail' },
    respond(underWay, res, body, payload, answerTo) {
      const id = idOf(payload, 'id');
      if (id === undefined || !succeeded(body)) return sendJson(res, body);
      const first = underWay.get(id);
      if (!first) return holdFor(underWay, id, payload, res, body);
      // The first edit's later statement lands after the second edit: its remark over the second's record.
      answerTo({ ...payload, remark: first.payload.remark });
      first.finish();
      sendJson(res, body);
    },
  }),
  overlappingFault({
    name: 'bank-card-deleted-twice',
    description:
      'answers a delete of a bank card (an operation of 4.1) with success when another delete of that card is under way, as a delete that looks the card up, then removes it without asking how many rows it removed: two deletes at once both succeed, where a delete of a deleted card alone is refused',
    operationId: 'bank-card-delete',
    expect: { check: 'model-race-linearizable', severity: 'warning' },
    respond(underWay, res, body, payload) {
      const id = idOf(payload, 'id');
      if (id !== undefined && underWay.has(id)) return sendJson(res, { ...body, data: {}, status: 'success', code: '200', message: '操作成功', error: {} });
      if (id === undefined || !succeeded(body)) return sendJson(res, body);
      holdFor(underWay, id, payload, res, body);
    },
  }),
  overlappingFault({
    name: 'consignee-delete-deadlock-page',
    description:
      'answers a delete of a consignee (#10) that arrives while another delete of the same consignee is under way with HTTP 500 and the database’s deadlock message as plain text, not the envelope of 2.1',
    operationId: 'consignee-delete',
    expect: { check: 'model-race-envelope', severity: 'error' },
    respond(underWay, res, body, payload) {
      const id = idOf(payload, 'id');
      if (id !== undefined && underWay.has(id))
        return sendText(res, 'Deadlock found when trying to get lock; try restarting transaction', { 'content-type': 'text/plain' }, 500);
      if (id === undefined || !succeeded(body)) return sendJson(res, body);
      holdFor(underWay, id, payload, res, body);
    },
  }),
];
