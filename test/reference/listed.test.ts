import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listedOperations, type ListedOperation } from '../../src/catalogue/listed-operations.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { handle, type HandlerContext } from '../../src/reference/handlers.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import type { ReferenceState } from '../../src/reference/records.js';
import { seedState } from '../../src/reference/seed.js';
import { createValidator } from '../../src/validation/validator.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';
import { orderHeader } from '../support/orders.js';

const validator = createValidator();

/** 2026-11-22 10:15:00 in China: what created records are stamped with. */
const FIXED_NOW = Date.UTC(2026, 10, 22, 2, 15, 0);
const freshState = (): ReferenceState => seedState(() => FIXED_NOW);

const CONTEXT: HandlerContext = HANDLER_CONTEXT;

type Json = Record<string, unknown>;

interface MapEntry {
  path: string;
  method?: 'POST' | 'GET';
  body?: unknown;
  pages?: boolean;
  token?: string;
}

interface MapStep {
  operation: string;
  body?: unknown;
}

interface MapFlow {
  id: string;
  create: MapStep;
  list: MapStep;
  detail?: MapStep;
  edit?: MapStep;
  delete?: MapStep;
  match: string;
  idField: string;
}

const map = JSON.parse(readFileSync(referenceOperationMapFile, 'utf8')) as { operations: Record<string, MapEntry>; flows: MapFlow[] };

function listed(id: string): ListedOperation {
  const found = listedOperations.find((op) => op.id === id);
  if (!found) throw new Error(`no listed operation ${id}`);
  return found;
}

/** "${NAME}" as a whole value takes the variable as it is; inside a string, its text. */
function fill(template: unknown, variables: Readonly<Record<string, unknown>>): unknown {
  if (typeof template === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(template);
    if (whole && Object.hasOwn(variables, whole[1])) return variables[whole[1]];
    return template.replace(/\$\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(variables, name) ? String(variables[name]) : placeholder));
  }
  if (Array.isArray(template)) return template.map((item) => fill(item, variables));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fill(value, variables)]));
  }
  return template;
}

const CREDENTIALS = { OTP_USERNAME: CONTEXT.credentials.mobile, OTP_PASSWORD: CONTEXT.credentials.password };

/** The body the kit sends for a map entry: none for GET. */
function requestOf(id: string): unknown {
  return (map.operations[id].method ?? listed(id).method) === 'GET' ? undefined : fill(map.operations[id].body, CREDENTIALS);
}

/** The answer as JSON, the way the server sends it. */
function call(id: string, payload: unknown, state: ReferenceState, context: HandlerContext = CONTEXT): Json {
  return JSON.parse(JSON.stringify(handle(id, payload, state, context))) as Json;
}

const pages = (id: string): boolean => map.operations[id].pages ?? listed(id).pages;

/** A success: a valid envelope with code "200" and an empty `error`, and a valid page where the operation pages. */
function expectSuccess(id: string, body: Json): void {
  expect(validator.validate('envelope.schema.json', body), id).toEqual([]);
  expect(body, id).toMatchObject({ status: 'success', code: '200', error: {} });
  expect(Object.keys(body.error as Json), id).toEqual([]);
  if (pages(id)) {
    expect(validator.validate('page.schema.json', body.data), id).toEqual([]);
    const { totalPage, pageNo, list } = body.data as Json;
    expect([totalPage, pageNo].every(Number.isInteger) && Array.isArray(list), id).toBe(true);
  }
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

function pointer(document: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, token) => (node !== null && typeof node === 'object' ? (node as Json)[token.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined),
      document,
    );
}

describe('coverage', () => {
  const catalogueIds = listedOperations.map((op) => op.id).sort();

  it('maps every listed operation, and no other id', () => {
    expect(Object.keys(map.operations).sort()).toEqual(catalogueIds);
  });

  it('reads with the kit loader: schema, methods, GET without a body, token only on token-get', () => {
    const read = readOperationMap(referenceOperationMapFile);
    expect(Object.keys(read.operations)).toHaveLength(listedOperations.length);
    expect(read.flows.map((flow) => flow.id)).toEqual([
      'flow-invoice-profile-lifecycle',
      'flow-bank-card-lifecycle',
      'flow-consignee-lifecycle',
      'flow-consignment-lifecycle',
      'flow-purchase-order-listed',
    ]);
  });

  it('has a round-trip flow for each operation it places that adds a record, and each list or detail of its records', () => {
    const inFlows = new Set(
      map.flows.flatMap((flow) => [flow.create, flow.list, flow.detail, flow.edit, flow.delete].flatMap((step) => (step ? [step.operation] : []))),
    );
    const records = ['bank-card-edit', 'bank-card-delete', 'consignee-edit', 'consignee-list', 'invoice-profile-edit', 'invoice-profile-delete'];
    const more = ['invoice-profile-list', 'invoice-profile-detail', 'consignment-list', 'consignment-detail', 'purchase-order-publish'];
    expect([...records, ...more].filter((id) => !inFlows.has(id))).toEqual([]);
  });

  it('keeps paths under the conventions of section 4, each path once', () => {
    const paths = Object.values(map.operations).map((entry) => entry.path);
    expect(paths.filter((path) => !/^\/(pc|auth|openapi\/alpha|openapi\/beta)\/[A-Za-z_/]+$/.test(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('uses no placeholder in operation bodies but the credentials', () => {
    const names = Object.values(map.operations).flatMap((entry) =>
      stringsIn(entry.body).flatMap((text) => [...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1])),
    );
    expect(names.filter((name) => name !== 'OTP_USERNAME' && name !== 'OTP_PASSWORD')).toEqual([]);
  });

  it('gives a method only where 4.1 states none, and a token pointer only on token-get', () => {
    expect(
      Object.entries(map.operations)
        .filter(([, entry]) => entry.method)
        .map(([id]) => id),
    ).toEqual(['beta-invoice-order-list']);
    expect(
      Object.entries(map.operations)
        .filter(([, entry]) => entry.token)
        .map(([id]) => id),
    ).toEqual(['token-get']);
  });
});

describe('every map template succeeds on a fresh state', () => {
  for (const id of Object.keys(map.operations)) {
    it(`${id}, on its own`, () => {
      expectSuccess(id, call(id, requestOf(id), freshState()));
    });
  }

  it('in the map order, on one state', () => {
    const state = freshState();
    for (const id of Object.keys(map.operations)) expectSuccess(id, call(id, requestOf(id), state));
  });

  // The kit may send the templates in any order: what one changes (a delete) must not be what another needs.
  for (const changer of listedOperations.filter((op) => op.mutates).map((op) => op.id)) {
    it(`whatever ran before: every other template succeeds after ${changer}`, () => {
      const state = freshState();
      call(changer, requestOf(changer), state);
      for (const id of Object.keys(map.operations)) if (id !== changer) expectSuccess(id, call(id, requestOf(id), state));
    });
  }
});

describe('seed of the listed operations', () => {
  const state = freshState();

  it('seeds beta orders that validate as orders, with lines of beta catalogue products', () => {
    expect(state.betaOrders).toHaveLength(10);
    expect(state.betaOrders.flatMap((stored) => validator.validate('records/order.schema.json', stored.order))).toEqual([]);
    const codes = new Set([...state.betaProducts.values()].flat().map((product) => product.code));
    expect(state.betaOrders.flatMap((stored) => stored.lines.map((line) => line.pCode)).filter((code) => !codes.has(code))).toEqual([]);
  });

  it('keeps order numbers unique across both catalogues', () => {
    const numbers = [...state.alphaOrders, ...state.betaOrders].map((stored) => stored.order.soNo);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('holds every product the seeded alpha orders order in the alpha catalogue, at the price they were ordered at', () => {
    const byCode = new Map(state.alphaProducts.map((product) => [product.pCode, product]));
    const lines = state.alphaOrders.flatMap((stored) => stored.lines);
    expect(lines.filter((line) => byCode.get(line.pCode)?.pPrice !== line.siPrice)).toEqual([]);
  });

  it('ships reviewed orders only, after they were placed', () => {
    const orders = new Map([...state.alphaOrders, ...state.betaOrders].map((stored) => [stored.order.soNo, stored.order]));
    for (const dispatch of state.dispatches) {
      const order = orders.get(dispatch.soNo);
      expect(order?.soReviewStatus).toBeGreaterThanOrEqual(1);
      expect(dispatch.dispatchedAt).toBeGreaterThan(order?.soCtime ?? Infinity);
    }
  });

  it('looks like the platform: 20-digit invoice numbers, landlines, one default invoice profile', () => {
    const issued = [...state.alphaInvoices, ...state.betaInvoices].filter((invoice) => invoice.status === 1);
    expect(issued.filter((invoice) => !/^\d{20}$/.test(invoice.invoiceNo))).toEqual([]);
    expect(state.invoiceProfiles.filter((profile) => !/^0\d{2,3}-[2-8]\d{7}$/.test(profile.registeredPhone))).toEqual([]);
    expect(state.invoiceProfiles.filter((profile) => profile.isDefault === 1)).toHaveLength(1);
    expect(state.members.filter((member) => !/^1[3-9]\d{9}$/.test(member.mobile))).toEqual([]);
  });
});

describe('token-get', () => {
  const state = freshState();

  it('answers the token at the map pointer for the configured credentials, and a lifetime', () => {
    const body = call('token-get', requestOf('token-get'), state);
    expect(pointer(body, map.operations['token-get'].token ?? '')).toBe(CONTEXT.token);
    expect(body.data).toEqual({ token: CONTEXT.token, expiresIn: 7200 });
  });

  it('refuses wrong credentials with code 401 and an error, never echoing the password or giving a token', () => {
    const wrong = [
      { mobile: CONTEXT.credentials.mobile, password: 'Wrong#Guess-19' },
      { mobile: '13900139000', password: CONTEXT.credentials.password },
      { mobile: CONTEXT.credentials.mobile, password: `${CONTEXT.credentials.password} ` },
    ];
    for (const payload of wrong) {
      const body = call('token-get', payload, state);
      expect(body).toMatchObject({ data: {}, status: 'fail', code: '401' });
      expect(Object.keys(body.error as Json).length).toBeGreaterThan(0);
      const text = JSON.stringify(body);
      expect(text).not.toContain(payload.password);
      expect(text).not.toContain(CONTEXT.token);
    }
  });

  it('answers 400 for a body without both fields', () => {
    expect(call('token-get', { mobile: CONTEXT.credentials.mobile }, state)).toMatchObject({ code: '400', error: { field: 'password' } });
    expect(call('token-get', { mobile: 13800138000, password: CONTEXT.credentials.password }, state)).toMatchObject({
      code: '400',
      error: { field: 'mobile' },
    });
  });
});

describe('the invoice profile flow', () => {
  const [flow] = map.flows;
  const MARKER = 'otp-flow-2f9c41';

  const listedRecords = (state: ReferenceState): Json[] => (call(flow.list.operation, fill(flow.list.body, {}), state).data as Json).list as Json[];

  it('creates, lists with the marker in match, deletes by idField, and then the record is gone', () => {
    const state = freshState();
    expectSuccess(flow.create.operation, call(flow.create.operation, fill(flow.create.body, { UNIQUE: MARKER }), state));
    const found = listedRecords(state).filter((record) => record[flow.match] === MARKER);
    expect(found).toHaveLength(1);
    const id = found[0][flow.idField];
    const remove = flow.delete!;
    expectSuccess(remove.operation, call(remove.operation, fill(remove.body, { id }), state));
    expect(listedRecords(state).filter((record) => record[flow.match] === MARKER)).toEqual([]);
    expect(call('invoice-profile-detail', { id }, state)).toMatchObject({ code: '404', error: { field: 'id' } });
    expect(call(remove.operation, fill(remove.body, { id }), state)).toMatchObject({ code: '404' });
  });

  it('updates a profile when edit is given its id, keeping the id', () => {
    const state = freshState();
    const before = call('invoice-profile-detail', { id: 3 }, state).data as Json;
    expect(call('invoice-profile-edit', { ...(before as object), id: 3, invoiceTitle: MARKER, remark: '' }, state).data).toEqual({ id: 3 });
    expect(call('invoice-profile-detail', { id: 3 }, state).data).toEqual({ ...before, invoiceTitle: MARKER, remark: '' });
    expect(call('invoice-profile-edit', { ...(before as object), id: 9_999 }, state)).toMatchObject({ code: '404' });
  });

  it('asks a VAT special invoice for its bank and address, and takes no id on a refusal', () => {
    const state = freshState();
    const nextId = state.nextId;
    const body = call('invoice-profile-edit', { invoiceType: 2, invoiceTitle: '北京华科生物科技有限公司', taxNumber: '91110108MA01C2XK3P' }, state);
    expect(body).toMatchObject({ code: '400', error: { field: 'bankName' } });
    expect(state.nextId).toBe(nextId);
  });
});

describe('behaviour', () => {
  it('lists a published purchase order first in the purchase order list (#4)', () => {
    const state = freshState();
    expectSuccess('purchase-order-publish', call('purchase-order-publish', requestOf('purchase-order-publish'), state));
    const list = (handle('purchase-order-list', { pageSize: 5, cusType: '1', status: 0 }, state, CONTEXT).data as Json).list as Json[];
    expect(list[0]).toMatchObject({ id: 201, productCas: '75-05-8', productCname: '乙腈', productNums: '10', salePrice: '420.00', status: 0 });
    expect(validator.validate('records/purchase-order.schema.json', list[0])).toEqual([]);
  });

  it('answers a dispatch note awaiting dispatch for a beta order #15 created', () => {
    const state = freshState();
    const created = handle(
      'beta-order-create',
      {
        ...orderHeader,
        items: [{ pCode: 'AL875380', brandId: '1', num: '2' }],
      },
      state,
      CONTEXT,
    ).data as Json;
    const note = call('beta-order-dispatch-note', { soNo: created.soNo }, state).data as Json;
    expect(note).toMatchObject({ soNo: created.soNo, status: 0, expressNo: '', consigneeName: '王晓明', consigneeAddress: '北京市中关村大街27号' });
    expect(note.items).toEqual([expect.objectContaining({ pCode: 'AL875380', siNum: 2, dispatchNum: 0 })]);
    expect(call('alpha-order-dispatch-note', { soNo: created.soNo }, state)).toMatchObject({ code: '404' });
  });

  it('answers the alpha order detail as the create-order operations answer an order', () => {
    const body = call('alpha-order-detail', requestOf('alpha-order-detail'), freshState());
    expect(validator.validate('records/created-order.schema.json', body.data)).toEqual([]);
  });

  it('finds every alpha product of a CAS number, and 404 for one it does not hold', () => {
    const state = freshState();
    const data = call('alpha-product-by-cas', { cas: '64-17-5' }, state).data as Json;
    expect((data.products as Json[]).length).toBe(state.alphaProducts.filter((product) => product.cCas === '64-17-5').length);
    expect(call('alpha-product-by-cas', { cas: '7732-18-5' }, state)).toMatchObject({ code: '404', error: { field: 'cas' } });
  });

  it('refuses to register a mobile twice, and the credentials user name', () => {
    const state = freshState();
    expectSuccess('account-register', call('account-register', requestOf('account-register'), state));
    expect(call('account-register', requestOf('account-register'), state)).toMatchObject({ code: '400', error: { field: 'mobile' } });
    const own = { ...(requestOf('account-register') as Json), mobile: CONTEXT.credentials.mobile };
    expect(call('account-register', own, state)).toMatchObject({ code: '400', error: { field: 'mobile' } });
  });

  it('resets a password only given the current one, and keeps the configured credentials', () => {
    const state = freshState();
    expect(call('account-reset-password', { oldPassword: 'Wrong#Guess-19', newPassword: 'Reagent#2026' }, state)).toMatchObject({
      code: '400',
      error: { field: 'oldPassword' },
    });
    call('account-reset-password', requestOf('account-reset-password'), state);
    expectSuccess('token-get', call('token-get', requestOf('token-get'), state));
  });

  it('keeps the token valid after log out (a sandbox), and ignores a body sent to a GET operation', () => {
    const state = freshState();
    expectSuccess('account-logout', call('account-logout', { anything: 1 }, state));
    expectSuccess('token-get', call('token-get', requestOf('token-get'), state));
    expect(call('member-basic-info', 'text', state).code).toBe('200');
  });

  it('answers the member with the credentials user name as mobile, with a changed profile', () => {
    const state = freshState();
    call('member-change-profile', { realName: '林海燕', email: 'linhy@163.com' }, state);
    expect(call('member-basic-info', undefined, state).data).toMatchObject({
      id: 1,
      mobile: CONTEXT.credentials.mobile,
      realName: '林海燕',
      email: 'linhy@163.com',
    });
    expect(call('member-change-profile', {}, state)).toMatchObject({ code: '400', error: { field: 'body' } });
    expect(call('member-change-profile', { email: 'not an address' }, state)).toMatchObject({ code: '400', error: { field: 'email' } });
  });

  it('lists an added consignee and bank card first, with one default at most', () => {
    const state = freshState();
    const { id } = call('consignee-edit', { ...(requestOf('consignee-edit') as Json), isDefault: 1 }, state).data as Json;
    const consignees = (call('consignee-list', { pageSize: 500 }, state).data as Json).list as Json[];
    expect(consignees[0]).toMatchObject({ id, consigneeName: '王晓明', isDefault: 1 });
    expect(consignees.filter((consignee) => consignee.isDefault === 1)).toHaveLength(1);
    expect(validator.validate('records/consignee.schema.json', consignees[0])).toEqual([]);
    const card = call('bank-card-edit', requestOf('bank-card-edit'), state).data as Json;
    expect(handle('bank-card-by-id', { id: card.id }, state, CONTEXT)).toMatchObject({ code: '200', data: { consigneeName: '杭州博远生物科技有限公司' } });
    expectSuccess('bank-card-delete', call('bank-card-delete', { id: card.id }, state));
    expect(handle('bank-card-by-id', { id: card.id }, state, CONTEXT)).toMatchObject({ code: '404' });
  });

  it('changes a bank card given its id in place, keeping its branch unless a new one is named, and moves the default to it', () => {
    const state = freshState();
    const [first, second] = state.bankCards;
    const branch = structuredClone(first.branch);
    const edit: Json = { ...(requestOf('bank-card-edit') as Json), id: first.record.id, isDefault: 1 };
    delete edit.branchName;
    expect(call('bank-card-edit', edit, state).data).toEqual({ id: first.record.id });
    expect(state.bankCards[0]).toMatchObject({ record: { id: first.record.id, accountName: edit.accountName }, branch, isDefault: 1 });
    expect(state.bankCards.filter((entry) => entry.isDefault === 1)).toHaveLength(1);
    expect(call('bank-card-edit', { ...edit, id: second.record.id, branchName: '中关村支行' }, state).data).toEqual({ id: second.record.id });
    expect(state.bankCards[1].branch).toEqual({ ...second.branch, name: '中关村支行' });
    expect(call('bank-card-edit', { ...edit, id: 9_999 }, state)).toMatchObject({ code: '404', error: { field: 'id' } });
    expect(call('bank-card-delete', { id: 9_999 }, state)).toMatchObject({ code: '404', error: { field: 'id' } });
  });

  it('lists as awaiting dispatch only sold consignments, and pages them', () => {
    const state = freshState();
    const sold = state.consignments.filter((consignment) => consignment.status === 2);
    const data = call('consignment-awaiting-list', { pageSize: 7, pageNo: 2 }, state).data as Json;
    expect(data).toEqual({ totalPage: Math.ceil(sold.length / 7), pageNo: 2, list: sold.slice(7, 14) });
  });

  it('answers the invoices of an order with their amounts adding up', () => {
    const state = freshState();
    const { invoices } = call('alpha-order-invoices', requestOf('alpha-order-invoices'), state).data as { invoices: Json[] };
    expect(invoices.length).toBeGreaterThan(0);
    const detail = call('alpha-invoice-item-detail', { invoiceId: invoices[0].id }, state).data as Json & { items: Json[] };
    const sum = (field: string) => Math.round(detail.items.reduce((total, item) => total + (item[field] as number), 0) * 100) / 100;
    expect([detail.amount, detail.taxAmount]).toEqual([sum('amount'), sum('taxAmount')]);
    expect(detail.totalAmount).toBeCloseTo((detail.amount as number) + (detail.taxAmount as number), 2);
  });
});

describe('bad input', () => {
  const answerIssues = (body: Json) => validator.validate('envelope.schema.json', body);

  it('answers 404 with an error for an id it does not know', () => {
    for (const id of ['', 'nope', 'toString', '__proto__', '/pc/auth/login', '🧪'.repeat(5_000)]) {
      const body = call(id, {}, freshState());
      expect(body).toMatchObject({ data: {}, status: 'fail', code: '404' });
      expect(Object.keys(body.error as Json).length).toBeGreaterThan(0);
    }
  });

  const awkward: unknown[] = [
    undefined,
    null,
    [],
    'text',
    42,
    true,
    {},
    0,
    -1,
    1.5,
    1e308,
    -0,
    'x'.repeat(10_000),
    '\u0000',
    '🧪试剂',
    '<script>alert(1)</script>',
    [{}],
    { __proto__: { id: 1 } },
  ];

  for (const op of listedOperations) {
    it(`${op.id}: answers an envelope for awkward bodies and awkward field values, without echoing markup`, () => {
      const template = (fill(map.operations[op.id].body ?? {}, CREDENTIALS) ?? {}) as Json;
      const payloads = [...awkward, ...Object.keys(template).flatMap((field) => awkward.map((value) => ({ ...template, [field]: value })))];
      for (const payload of payloads) {
        const body = call(op.id, payload, freshState());
        expect(answerIssues(body)).toEqual([]);
        expect(['200', '400', '401', '404']).toContain(body.code);
        if (body.code !== '200') expect(Object.keys(body.error as Json).length).toBeGreaterThan(0);
        const { data: _data, ...hints } = body;
        expect(JSON.stringify(hints)).not.toContain('<script>');
      }
    });
  }

  it('never throws: any payload for any listed operation gets a schema-valid envelope', () => {
    const payloadFor = (op: ListedOperation) => {
      const fields = Object.keys((map.operations[op.id].body ?? {}) as Json);
      return fc.oneof(
        fc.anything(),
        fields.length === 0 ? fc.anything() : fc.dictionary(fc.constantFrom(...fields), fc.anything()),
        fc.record(Object.fromEntries(fields.map((field) => [field, fc.oneof(fc.anything(), fc.constant((requestOf(op.id) as Json)[field]))]))),
      );
    };
    const exchange = fc.constantFrom(...listedOperations).chain((op) => fc.tuple(fc.constant(op), payloadFor(op)));
    const state = freshState();
    fc.assert(
      fc.property(exchange, ([op, payload]) => {
        const body = call(op.id, payload, state);
        expect(answerIssues(body)).toEqual([]);
        expect(['200', '400', '401', '404']).toContain(body.code);
      }),
      { numRuns: 1_500 },
    );
  });
});
