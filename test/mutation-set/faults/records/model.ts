import type { IncomingMessage, ServerResponse } from 'node:http';
import { dataFault, type Fault, type FaultFacts, interceptFault, json, routeFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { pathOf, sendText } from '../_internals/answers.js';
import { watchBody } from '../_internals/request-body.js';
import { rewriteAnswer } from '../_internals/sequences.js';
import { listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

/*
 * Servers whose records do not behave as create, edit, delete and read mean: each breaks one rule
 * of the model (src/model/rules.ts, docs/model.md), which must report it under every seed. Some
 * round trips see them too; the model is what must not miss them.
 */

const createdHere = (record: Json): boolean => Number(record.id) > SEEDED_RECORDS;

const whole = (value: unknown): number | undefined => (Number.isSafeInteger(Number(value)) && value !== null && value !== '' ? Number(value) : undefined);

/**
 * A fault that remembers what it saw, apart for each server it is planted in: `watch` sees every
 * request before routing (with the body it carried, once read), `answer` rewrites the clean body of
 * the fault's operation.
 */
function rememberingFault<S>(
  facts: FaultFacts & {
    readonly expect: PlantedFault['expect'];
    make(): S;
    watch?(state: S, url: string | undefined, body: Json | undefined): void;
    answer(state: S, body: Json, payload: unknown): Json;
  },
): PlantedFault {
  const states = new WeakMap<IncomingMessage, S>();
  const fault: Fault = socketFault({
    ...facts,
    respond(res: ServerResponse, body, payload) {
      const state = states.get(res.req);
      sendText(res, JSON.stringify(state === undefined || !isPlainObject(body) ? body : facts.answer(state, body, payload)));
    },
  });
  return {
    ...fault,
    expect: facts.expect,
    interceptor: () => {
      const state = facts.make();
      return (req) => {
        states.set(req, state);
        if (facts.watch) {
          const asked = watchBody(req);
          req.once('end', () => facts.watch?.(state, req.url, asked()));
        }
        return false;
      };
    },
  };
}

/** The clean page with each record as `rewrite` makes it, or left out where it gives undefined. */
function eachRecord(body: Json, rewrite: (record: Json) => Json | undefined): Json {
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list)) return body;
  const list = data.list.filter(isPlainObject).flatMap((record) => rewrite(record) ?? []);
  return { ...body, data: { ...data, list } };
}

export const modelFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'model-created-shown', severity: 'warning' }, dataFault, [
    {
      name: 'created-invoice-profile-detail-without-remark',
      description: 'answers the detail of an invoice profile created after start-up (an operation of 4.1) with its remark empty; the list shows it',
      operationId: 'invoice-profile-detail',
      rewrite: (data) => (createdHere(data) ? { ...data, remark: '' } : data),
    },
  ]),
  rememberingFault({
    name: 'consignee-detail-cached-past-edits',
    description:
      'answers the consignee detail (#9) of an id from a cache its first answer fills and that no edit clears: an edited consignee is answered as it was before the edit',
    operationId: 'consignee-by-id',
    expect: { check: 'model-edit-shown', severity: 'warning' },
    make: () => new Map<number, Json>(),
    answer(cache, body, payload) {
      const id = isPlainObject(payload) ? whole(payload.id) : undefined;
      if (id === undefined || body.code !== '200') return body;
      const cached = cache.get(id) ?? body;
      cache.set(id, cached);
      return cached;
    },
  }),
  ...caughtBy({ check: 'model-deleted-gone', severity: 'warning', at: 'invoice-profile-list' }, routeFault, [
    {
      name: 'invoice-profile-delete-deletes-nothing',
      description: 'answers the invoice profile delete (an operation of 4.1) with success and deletes nothing',
      operationId: 'invoice-profile-delete',
      answer: json({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }),
    },
  ]),
  rememberingFault({
    name: 'consignment-read-once',
    description:
      'leaves out of the consignment list (an operation of 4.1) every consignment created after start-up that the consignment detail has answered: a detail that marks what it shows as taken',
    operationId: 'consignment-list',
    expect: { check: 'model-read-changes-nothing', severity: 'warning' },
    make: () => ({ read: new Set<number>(), detailPath: listedPathOf('consignment-detail') }),
    watch(state, url, body) {
      const cid = url === state.detailPath ? whole(body?.cid) : undefined;
      if (cid !== undefined && cid > SEEDED_RECORDS) state.read.add(cid);
    },
    answer: (state, body) => eachRecord(body, (record) => (state.read.has(Number(record.id)) ? undefined : record)),
  }),
  rememberingFault({
    name: 'bank-card-edit-written-to-newer-cards',
    description:
      'writes the bank name of an edit of a bank card (an operation of 4.1) into the cards created after it that were listed by then, as an UPDATE … WHERE id >= ? would; the list shows them so',
    operationId: 'bank-card-list',
    expect: { check: 'model-others-untouched', severity: 'warning' },
    make: () => ({ editPath: listedPathOf('bank-card-edit'), largest: 0, edit: undefined as { id: number; bankName: Json[string]; upTo: number } | undefined }),
    watch(state, url, body) {
      const id = url === state.editPath ? whole(body?.id) : undefined;
      if (id !== undefined && body?.bankName !== undefined) state.edit = { id, bankName: body.bankName, upTo: state.largest };
    },
    answer: (state, body) =>
      eachRecord(body, (record) => {
        const id = Number(record.id);
        state.largest = Math.max(state.largest, id);
        const edit = state.edit;
        return edit && id > edit.id && id <= edit.upTo ? { ...record, bankName: edit.bankName } : record;
      }),
  }),
  rememberingFault({
    name: 'created-demands-listed-under-newest-id',
    description: 'lists every custom demand created after start-up under the id of the newest of them, as a join that takes the last insert id would',
    operationId: 'custom-demand-list',
    expect: { check: 'model-ids-distinct', severity: 'warning' },
    make: () => ({ newest: 0 }),
    answer(state, body) {
      eachRecord(body, (record) => {
        if (createdHere(record)) state.newest = Math.max(state.newest, Number(record.id));
        return record;
      });
      return eachRecord(body, (record) => (createdHere(record) ? { ...record, id: state.newest } : record));
    },
  }),
  planted(interceptFault, {
    name: 'beta-order-answered-one-behind',
    description:
      'answers a beta order (#15) with the order read back by SELECT … ORDER BY id DESC LIMIT 1 from a replica one write behind: each order is answered with the one placed before it, its own header nowhere in the answer',
    operationId: 'beta-order-create',
    expect: { check: 'model-created-shown', severity: 'warning' },
    interceptor() {
      const create = pathOf('beta-order-create');
      let before: Json | undefined;
      return (req, res) => {
        if (req.url === create)
          rewriteAnswer(res, (body) => {
            const order = body.data;
            if (!isPlainObject(order) || typeof order.soNo !== 'string') return body;
            const shown = before ?? order;
            before = order;
            return { ...body, data: shown };
          });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'beta-order-numbered-by-customer-po',
    description:
      'numbers a beta order (#15) "SO" + the customer\'s purchase order number (soCusPo), so that the warehouse can match the two: a customer\'s second order under one PO is answered with the number of the first',
    operationId: 'beta-order-create',
    expect: { check: 'model-ids-distinct', severity: 'warning' },
    interceptor() {
      const create = pathOf('beta-order-create');
      return (req, res) => {
        if (req.url !== create) return false;
        const asked = watchBody(req);
        rewriteAnswer(res, (body) => {
          const order = body.data;
          const po = asked()?.soCusPo;
          return isPlainObject(order) && typeof order.soNo === 'string' && typeof po === 'string' ? { ...body, data: { ...order, soNo: `SO${po}` } } : body;
        });
        return false;
      };
    },
  }),
];
