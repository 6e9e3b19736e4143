import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groups } from '../../src/catalogue/groups.js';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { type Operation, operations } from '../../src/catalogue/operations.js';
import { casCheckDigit } from '../../src/generators/fields.js';
import { validPayload } from '../../src/generators/payloads.js';
import { handle, handlersByGroup, type ReferenceAnswer } from '../../src/reference/handlers.js';
import type { ReferenceState } from '../../src/reference/records.js';
import { SEEDED_RECORDS, seedState } from '../../src/reference/seed.js';
import { createValidator, recordSchemaId, type SchemaIssue } from '../../src/validation/validator.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';
import { orderHeader } from '../support/orders.js';

const validator = createValidator();

/** 2026-11-22 10:15:00 in China: what created records are stamped with. */
const FIXED_NOW = Date.UTC(2026, 10, 22, 2, 15, 0);
const freshState = (): ReferenceState => seedState(() => FIXED_NOW);

function operation(id: string): Operation {
  const found = operations.find((op) => op.id === id);
  if (!found) throw new Error(`no operation ${id} in the catalogue`);
  return found;
}

type Json = Record<string, unknown>;

/** The answer as JSON, the way the server sends it. */
function call(operationId: string, payload: unknown, state: ReferenceState = freshState()): Json {
  return JSON.parse(JSON.stringify(handle(operationId, payload, state, HANDLER_CONTEXT))) as Json;
}

function dataOf(body: Json): Json {
  return body.data as Json;
}

function listOf(body: Json): Json[] {
  return dataOf(body).list as Json[];
}

/** A success answer: code "200", or a non-empty `data` where the envelope carries only `data` (#14). */
function succeeded(op: Operation, body: Json): boolean {
  return op.envelope === 'data-only' ? Object.keys(dataOf(body)).length > 0 : body.code === '200';
}

/** Issues of the body against its envelope schema and, on success, against the operation's documented `data`. */
function answerIssues(op: Operation, body: Json): SchemaIssue[] {
  const envelopeId = op.envelope === 'data-only' ? 'data-only-envelope.schema.json' : 'envelope.schema.json';
  const issues = validator.validate(envelopeId, body);
  const dataId = validator.dataSchemaId(op.response);
  if (dataId && succeeded(op, body)) issues.push(...validator.validate(dataId, body.data));
  return issues;
}

/** One well-formed request per operation, for ids the seed holds. */
const WELL_FORMED: Readonly<Record<string, Json>> = {
  'custom-demand-list': { pageSize: 10, status: 0 },
  'custom-demand-create': { type: 1, cas: '64-17-5', level: 'AR', nums: 5, pack: '500ml', price: 1280 },
  'custom-demand-delete': { demandId: 7 },
  'purchase-order-list': { pageSize: 10, status: 1, cusType: '1' },
  'consignment-publish': { id: 0, type: 1, hasCas: 1, cas: '67-64-1', productName: '丙酮', level: 'AR', nums: 4, pack: '2.5L', price: 96.5 },
  'consignment-delete': { cid: '12' },
  'bank-card-list': { pageSize: 10, status: 0 },
  'bank-card-by-id': { id: 3 },
  'consignee-by-id': { id: 3 },
  'consignee-delete': { id: 3 },
  'send-code': { mobile: '13812345678', source: 1 },
  login: { mobile: '13812345678', password: 'Reagent2024' },
  'alpha-orders-list': { pageSize: 10, pageNo: 1 },
  'alpha-order-create': {
    ...orderHeader,
    items: [
      { pCode: 'A104523', num: '2', siCusNote: '', siSendNote: '' },
      { pCode: 'S81234-500g', num: '1.5', siCusNote: '需COA', siSendNote: '' },
    ],
  },
  'beta-order-create': {
    ...orderHeader,
    items: [
      { pCode: 'AL104523', brandId: '1', num: '3' },
      { pCode: 'MK000001', brandId: '2', num: '1' },
    ],
  },
  'beta-products-by-brand': { brandId: 3, pageSize: 10, pageNo: 1 },
};

const isValidCas = (cas: unknown): boolean => {
  const match = typeof cas === 'string' ? /^(\d{2,7}-\d{2})-(\d)$/.exec(cas) : null;
  return match !== null && casCheckDigit(match[1]) === Number(match[2]);
};

describe('seed', () => {
  const state = freshState();
  const valid = (schema: Parameters<typeof recordSchemaId>[0], records: readonly unknown[]) =>
    expect(records.flatMap((record) => validator.validate(recordSchemaId(schema), record))).toEqual([]);

  it('holds 200 records with ids 1..200 in each record collection', () => {
    const ids = Array.from({ length: SEEDED_RECORDS }, (_, index) => index + 1);
    const sortedIds = (records: readonly { id: number }[]) => records.map((record) => record.id).sort((a, b) => a - b);
    expect(sortedIds(state.customDemands)).toEqual(ids);
    expect(sortedIds(state.purchaseOrders.map((entry) => entry.record))).toEqual(ids);
    expect(sortedIds(state.consignments)).toEqual(ids);
    expect(sortedIds(state.bankCards.map((entry) => entry.record))).toEqual(ids);
    expect(sortedIds(state.consignees)).toEqual(ids);
  });

  it('validates every seeded record against its record schema', () => {
    valid('custom-demand', state.customDemands);
    valid(
      'purchase-order',
      state.purchaseOrders.map((entry) => entry.record),
    );
    valid('purchase-order', state.consignments);
    valid(
      'bank-card',
      state.bankCards.map((entry) => entry.record),
    );
    valid('consignee', state.consignees);
    valid(
      'order',
      state.alphaOrders.map((stored) => stored.order),
    );
    valid(
      'order-line',
      state.alphaOrders.flatMap((stored) => stored.lines),
    );
    valid('beta-product', [...state.betaProducts.values()].flat());
  });

  it('seeds 30 alpha orders and 15 to 60 products for each of brands 1..20', () => {
    expect(state.alphaOrders).toHaveLength(30);
    expect([...state.betaProducts.keys()]).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    for (const products of state.betaProducts.values()) {
      expect(products.length).toBeGreaterThanOrEqual(15);
      expect(products.length).toBeLessThanOrEqual(60);
    }
  });

  it('uses CAS numbers with a correct check digit', () => {
    const cas = [
      ...state.customDemands.map((demand) => demand.productCas),
      ...state.purchaseOrders.map((entry) => entry.record.productCas),
      ...state.consignments.map((consignment) => consignment.productCas),
      ...state.alphaOrders.flatMap((stored) => stored.lines.map((line) => line.cCas)),
      ...[...state.betaProducts.values()].flat().map((product) => product.cas),
    ];
    expect(cas.filter((number) => !isValidCas(number))).toEqual([]);
  });

  it('looks like the platform: prices with two decimals, Chinese contacts, real card and phone formats', () => {
    const prices = state.customDemands.flatMap((demand) => [demand.demandPrice, demand.supplyPrice, demand.salePrice]);
    expect(prices.filter((price) => !/^\d+\.\d{2}$/.test(price))).toEqual([]);
    expect(new Set(state.purchaseOrders.map((entry) => entry.cusType))).toEqual(new Set(['1', '2']));
    expect(state.bankCards.filter(({ record }) => !/^\d{16,19}$/.test(record.bankAccount))).toEqual([]);
    expect(state.bankCards.filter(({ record }) => !/^\p{Script=Han}+$/u.test(record.accountName))).toEqual([]);
    expect(state.consignees.filter((consignee) => !/^1[3-9]\d{9}$/.test(consignee.mobile))).toEqual([]);
    expect(state.consignees.filter((consignee) => !/^0\d{2,3}-[2-8]\d{7}$/.test(consignee.phone))).toEqual([]);
    expect(state.consignees.filter((consignee) => consignee.isDefault === 1)).toHaveLength(1);
  });

  it('gives the same data on every call, and fresh collections each time', () => {
    const { now: _first, ...first } = seedState();
    const { now: _second, ...second } = seedState();
    expect(JSON.stringify({ ...first, betaProducts: [...first.betaProducts] })).toBe(JSON.stringify({ ...second, betaProducts: [...second.betaProducts] }));
    expect(first.customDemands).not.toBe(second.customDemands);
  });
});

describe('every operation answers a well-formed request', () => {
  it('has a well-formed request for each catalogue operation', () => {
    expect(Object.keys(WELL_FORMED).sort()).toEqual(operations.map((op) => op.id).sort());
  });

  for (const op of operations) {
    it(`#${op.number} ${op.id}: its envelope and documented data validate`, () => {
      const body = call(op.id, WELL_FORMED[op.id]);
      expect(succeeded(op, body)).toBe(true);
      expect(answerIssues(op, body)).toEqual([]);
    });

    it(`#${op.number} ${op.id}: any payload the kit generates succeeds and validates`, () => {
      fc.assert(
        fc.property(validPayload(op.id), (payload) => {
          const body = call(op.id, payload);
          expect(succeeded(op, body)).toBe(true);
          expect(answerIssues(op, body)).toEqual([]);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('answers success with the full envelope, and #14 with data only', () => {
    expect(call('login', WELL_FORMED.login)).toEqual({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} });
    expect(Object.keys(call('alpha-order-create', WELL_FORMED['alpha-order-create']))).toEqual(['data']);
    expect(call('beta-order-create', WELL_FORMED['beta-order-create']).code).toBe('200');
  });
});

describe('paging', () => {
  it('pages the custom demands: pageNo 1 by default, totalPage = ceil(matching / pageSize), empty past the end', () => {
    const state = freshState();
    const first = dataOf(call('custom-demand-list', { pageSize: 7 }, state));
    expect(first).toMatchObject({ totalPage: Math.ceil(200 / 7), pageNo: 1 });
    expect(first.list).toHaveLength(7);
    expect(listOf(call('custom-demand-list', { pageSize: 7, pageNo: 29 }, state))).toHaveLength(200 - 28 * 7);
    expect(dataOf(call('custom-demand-list', { pageSize: 7, pageNo: 30 }, state))).toEqual({ totalPage: 29, pageNo: 30, list: [] });
  });

  it('filters by status where given', () => {
    const state = freshState();
    for (const status of [0, 1, 2, 3]) {
      const matching = state.customDemands.filter((demand) => demand.status === status).length;
      const data = dataOf(call('custom-demand-list', { pageSize: 1000, status }, state));
      expect(data.totalPage).toBe(Math.ceil(matching / 1000));
      expect(listOf({ data }).map((demand) => demand.status)).toEqual(Array(matching).fill(status));
    }
  });

  it('filters purchase orders by cusType and status together', () => {
    const state = freshState();
    const matching = state.purchaseOrders.filter((entry) => entry.cusType === '2' && entry.record.status === 1);
    const list = listOf(call('purchase-order-list', { pageSize: 500, status: 1, cusType: '2' }, state));
    expect(list.map((record) => record.id)).toEqual(matching.map((entry) => entry.record.id));
    expect(list.every((record) => !('cusType' in record))).toBe(true);
  });

  it('answers totalPage 0 and an empty list when nothing matches', () => {
    expect(dataOf(call('custom-demand-list', { pageSize: 10, status: 9 }))).toEqual({ totalPage: 0, pageNo: 1, list: [] });
    expect(dataOf(call('beta-products-by-brand', { brandId: 999, pageSize: 10, pageNo: 2 }))).toEqual({ totalPage: 0, pageNo: 2, list: [] });
  });

  it('echoes pageNo as an integer and never lists more than pageSize records (#13, #16)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 20 }), (pageSize, pageNo, brandId) => {
        const state = freshState();
        const orders = dataOf(call('alpha-orders-list', { pageSize, pageNo }, state));
        expect(orders.pageNo).toBe(pageNo);
        expect(orders.totalPage).toBe(Math.ceil(30 / pageSize));
        expect((orders.list as Json[]).length).toBe(Math.max(0, Math.min(pageSize, 30 - (pageNo - 1) * pageSize)));
        const products = dataOf(call('beta-products-by-brand', { brandId, pageSize, pageNo }, state));
        expect(products.pageNo).toBe(pageNo);
        expect((products.list as Json[]).length).toBeLessThanOrEqual(pageSize);
        expect(products.totalPage).toBe(Math.ceil((state.betaProducts.get(brandId) ?? []).length / pageSize));
      }),
      { numRuns: 100 },
    );
  });

  it('lists oldest first where told to (the oldest-first variant): the same pages the other way round, each record once', () => {
    const state = seedState(() => FIXED_NOW, 'oldest-first');
    const pages = [1, 2, 3].map((pageNo) => listOf(call('bank-card-list', { pageSize: 7, pageNo }, state)).map((card) => card.id));
    expect(pages).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
    ]);
    expect(dataOf(call('bank-card-list', { pageSize: 7, pageNo: 29 }, state))).toMatchObject({
      totalPage: 29,
      list: [
        expect.objectContaining({ id: 197 }),
        expect.objectContaining({ id: 198 }),
        expect.objectContaining({ id: 199 }),
        expect.objectContaining({ id: 200 }),
      ],
    });
    expect(listOf(call('bank-card-list', { pageSize: 7, pageNo: 30 }, state))).toEqual([]);
  });

  it('accepts numeric strings where the spec leaves types open (#1 to #12)', () => {
    expect(dataOf(call('custom-demand-list', { pageSize: '5', status: '2', pageNo: '2' }))).toMatchObject({ pageNo: 2 });
    expect(call('consignee-by-id', { id: '9' }).code).toBe('200');
    expect(call('consignment-delete', { cid: 9 }).code).toBe('200');
  });
});

describe('creating and deleting', () => {
  it('lists a created custom demand first, awaiting its quote', () => {
    const state = freshState();
    expect(call('custom-demand-create', { type: 1, cas: '7732-18-5', level: 'GR', nums: 3, pack: '25kg', price: '88.5' }, state).code).toBe('200');
    const [newest] = listOf(call('custom-demand-list', { pageSize: 10, status: 0 }, state));
    expect(newest).toMatchObject({
      id: 201,
      productCas: '7732-18-5',
      productNums: '3',
      productPack: '25kg',
      demandPrice: '88.50',
      status: 0,
      statusText: '待报价',
    });
    expect(newest.demandNumber).toBe('XQ202611220201');
    expect(validator.validate(recordSchemaId('custom-demand'), newest)).toEqual([]);
  });

  it('publishes a consignment that delConsignment then answers in the purchase order shape', () => {
    const state = freshState();
    const id = state.nextId;
    call('consignment-publish', WELL_FORMED['consignment-publish'], state);
    const deleted = call('consignment-delete', { cid: String(id) }, state);
    expect(dataOf(deleted)).toMatchObject({ id, productCas: '67-64-1', productCname: '丙酮', productNums: '4', salePrice: '96.50' });
    expect(validator.validate(recordSchemaId('purchase-order'), deleted.data)).toEqual([]);
    expect(call('consignment-delete', { cid: String(id) }, state).code).toBe('404');
  });

  it('answers 404 for a consignee after deleting it', () => {
    const state = freshState();
    expect(call('consignee-delete', { id: 42 }, state).code).toBe('200');
    const body = call('consignee-by-id', { id: 42 }, state);
    expect(body).toMatchObject({ data: {}, status: 'fail', code: '404', error: { field: 'id' } });
    expect(call('consignee-delete', { id: 42 }, state).code).toBe('404');
  });

  it('answers 404 when deleting a custom demand twice', () => {
    const state = freshState();
    expect(call('custom-demand-delete', { demandId: 5 }, state).code).toBe('200');
    expect(call('custom-demand-delete', { demandId: 5 }, state).code).toBe('404');
    expect(state.customDemands.some((demand) => demand.id === 5)).toBe(false);
  });

  it('answers a bank card in the consignee shape, built from the card', () => {
    const state = freshState();
    const card = state.bankCards.find((entry) => entry.record.id === 8)?.record;
    expect(dataOf(call('bank-card-by-id', { id: 8 }, state))).toMatchObject({ id: 8, consigneeName: card?.accountName });
    expect(call('bank-card-by-id', { id: 201 }, state).code).toBe('404');
  });
});

describe('orders', () => {
  it('answers one line per item, in request order, with siNum = Number(num)', () => {
    const body = call('alpha-order-create', WELL_FORMED['alpha-order-create']);
    const items = dataOf(body).items as Json[];
    expect(items.map((line) => [line.pCode, line.siNum])).toEqual([
      ['A104523', 2],
      ['S81234-500g', 1.5],
    ]);
  });

  it('stamps created orders with a string soCtime and an SO number of the day', () => {
    const order = dataOf(call('beta-order-create', WELL_FORMED['beta-order-create']));
    expect(order.soCtime).toBe('2026-11-22 10:15:00');
    expect(order.soNo).toMatch(/^SO20261122\d{4}$/);
  });

  it('lists an alpha order created by #14 first, with an integer soCtime; beta orders stay out', () => {
    const state = freshState();
    const created = dataOf(call('alpha-order-create', WELL_FORMED['alpha-order-create'], state));
    call('beta-order-create', WELL_FORMED['beta-order-create'], state);
    const list = listOf(call('alpha-orders-list', { pageSize: 50, pageNo: 1 }, state));
    expect(list).toHaveLength(31);
    expect(list[0]).toMatchObject({ soNo: created.soNo, soCtime: FIXED_NOW / 1000 });
    const times = list.map((order) => order.soCtime as number);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('prices any well-formed product code', () => {
    const codes = ['A123456', 'S81234-500g', 'x'.repeat(64), 'SIAL/1.00983'];
    const body = call('alpha-order-create', { ...orderHeader, items: codes.map((pCode) => ({ pCode, num: '1', siCusNote: '', siSendNote: '' })) });
    expect((dataOf(body).items as Json[]).map((line) => line.pCode)).toEqual(codes);
    expect(answerIssues(operation('alpha-order-create'), body)).toEqual([]);
  });

  it('refuses product codes it would otherwise store and echo: markup, control characters, empty, too long', () => {
    for (const pCode of ['<script>alert(1)</script>', '\u0000', '🧪试剂', '', 'x'.repeat(65)]) {
      const body = call('beta-order-create', { ...orderHeader, items: [{ pCode, brandId: '1', num: '1' }] });
      expect(body).toMatchObject({ code: '400', error: { field: 'items[0].pCode' } });
    }
  });
});

describe('bad input', () => {
  const failures = (op: Operation, payload: unknown) => {
    const body = call(op.id, payload);
    expect(answerIssues(op, body)).toEqual([]);
    return body;
  };

  /** A 400: the fail envelope naming the field, or `{ data: {} }` for the data-only #14. */
  const expectBadRequest = (op: Operation, payload: unknown, field: string) => {
    const body = failures(op, payload);
    if (op.envelope === 'data-only') return expect(body).toEqual({ data: {} });
    expect(body).toMatchObject({ data: {}, status: 'fail', code: '400', error: { field } });
    expect(body.message).not.toBe('');
  };

  for (const op of operations) {
    it(`#${op.number} ${op.id}: rejects a body that is not a JSON object, or lacks a listed field`, () => {
      for (const payload of [null, [], [WELL_FORMED[op.id]], 'text', 42, true]) expectBadRequest(op, payload, 'body');
      const [firstField] = Object.keys(WELL_FORMED[op.id]);
      const { [firstField]: _dropped, ...missing } = WELL_FORMED[op.id];
      expectBadRequest(op, missing, firstField);
    });
  }

  const awkward = [0, -1, 1.5, 1e308, -0.5, 'x'.repeat(10_000), '\u0000', '🧪', '', null, true, [], {}];
  for (const id of ['custom-demand-list', 'purchase-order-list', 'bank-card-list', 'alpha-orders-list', 'beta-products-by-brand']) {
    it(`${id}: answers 400 for pageSize ${awkward.length} awkward ways`, () => {
      for (const pageSize of awkward) expectBadRequest(operation(id), { ...WELL_FORMED[id], pageSize }, 'pageSize');
    });
  }

  it('is strict where the spec states the type (#13 to #16)', () => {
    expectBadRequest(operation('alpha-orders-list'), { pageSize: '10', pageNo: 1 }, 'pageSize');
    expectBadRequest(operation('beta-products-by-brand'), { brandId: '3', pageSize: 10, pageNo: 1 }, 'brandId');
    expectBadRequest(operation('beta-products-by-brand'), { brandId: 3, pageSize: 10, pageNo: 0 }, 'pageNo');
    const beta = operation('beta-order-create');
    const item = { pCode: 'AL104523', brandId: '1', num: '3' };
    expectBadRequest(beta, { ...WELL_FORMED[beta.id], soCaMobile: 13812345678 }, 'soCaMobile');
    expectBadRequest(beta, { ...WELL_FORMED[beta.id], items: [] }, 'items');
    expectBadRequest(beta, { ...WELL_FORMED[beta.id], items: [item, { ...item, num: 3 }] }, 'items[1].num');
    expectBadRequest(beta, { ...WELL_FORMED[beta.id], items: [item, { ...item, num: 'three' }] }, 'items[1].num');
    expectBadRequest(beta, { ...WELL_FORMED[beta.id], items: [item, 'AL104523'] }, 'items[1]');
    expectBadRequest(operation('alpha-order-create'), { ...WELL_FORMED['alpha-order-create'], items: 'A104523' }, 'items');
  });

  it('rejects wrong types in the lenient operations too', () => {
    expectBadRequest(operation('consignment-delete'), { cid: 'twelve' }, 'cid');
    expectBadRequest(operation('consignee-by-id'), { id: 1.5 }, 'id');
    expectBadRequest(operation('custom-demand-list'), { pageSize: 10, status: '\u0000' }, 'status');
    expectBadRequest(operation('custom-demand-create'), { ...WELL_FORMED['custom-demand-create'], price: -1 }, 'price');
    expectBadRequest(operation('login'), { mobile: '138', password: 'x' }, 'mobile');
    expectBadRequest(operation('login'), { mobile: '13812345678', password: '' }, 'password');
  });

  it("has in each group's module a handler for every operation of the group, of section 4 and 4.1, and for no other id", () => {
    for (const { id: group } of groups) {
      const catalogueIds = [...operations, ...listedOperations].filter((op) => op.group === group).map((op) => op.id);
      expect(Object.keys(handlersByGroup[group]).sort(), group).toEqual(catalogueIds.sort());
    }
  });

  it('answers 404 with an error object for an operation id the catalogue does not know', () => {
    for (const id of ['', 'nope', 'toString', '__proto__', '/pc/custom_demand/list', '🧪'.repeat(5_000)]) {
      const body = call(id, {});
      expect(body).toMatchObject({ data: {}, status: 'fail', code: '404' });
      expect(Object.keys(body.error as Json).length).toBeGreaterThan(0);
    }
  });

  it('never throws: any payload gets a schema-valid envelope, and data that validates when it succeeds', () => {
    const fieldsOf = (op: Operation) => Object.keys(WELL_FORMED[op.id]);
    const payloadFor = (op: Operation) =>
      fc.oneof(
        fc.anything(),
        fc.dictionary(fc.constantFrom(...fieldsOf(op)), fc.anything()),
        fc.record(Object.fromEntries(fieldsOf(op).map((field) => [field, fc.oneof(fc.anything(), fc.constant(WELL_FORMED[op.id][field]))]))),
      );
    const exchange = fc.constantFrom(...operations).chain((op) => fc.tuple(fc.constant(op), payloadFor(op)));
    fc.assert(
      fc.property(exchange, ([op, payload]) => {
        const body = call(op.id, payload);
        expect(answerIssues(op, body)).toEqual([]);
        if (op.envelope === 'full') expect(['200', '400', '404']).toContain(body.code);
      }),
      { numRuns: 1_500 },
    );
  });
});

describe('answers share nothing with the state', () => {
  it('leaves the state unchanged when an answer is changed', () => {
    const state = freshState();
    const answer: ReferenceAnswer = handle('consignee-by-id', { id: 4 }, state, HANDLER_CONTEXT);
    (answer.data as Json).consigneeName = 'changed';
    expect(state.consignees.find((consignee) => consignee.id === 4)?.consigneeName).not.toBe('changed');
  });
});
