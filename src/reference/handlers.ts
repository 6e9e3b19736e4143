/**
 * The pure core of the embedded reference server: one JSON body in, one envelope out, for each of
 * the sixteen operations of section 4. No I/O; the state is the only thing a call changes.
 */
import { type EnvelopeKind, operations } from '../catalogue/operations.js';
import type { BankCardEntry, Consignee, ListedOrder, ReferenceState, StoredOrder } from './records.js';
import { CONSIGNMENT_STATUS_TEXT, DEMAND_STATUS_TEXT } from './seeding/data.js';
import { DOCUMENT_PREFIX, documentNumber, formatChinaTime, moneyText, telephoneAsInteger } from './seeding/formats.js';
import { orderLineFor, pricedOrder } from './seeding/products.js';

/** "Every response body is a JSON object with these fields" (2.1). */
export type FullEnvelope = {
  data: object;
  status: 'success' | 'fail';
  code: '200' | '400' | '401' | '404';
  message: string;
  error: Record<string, string>;
};

/** "The create-order response for the alpha catalogue carries only `data`" (2.1). */
export type DataOnlyEnvelope = {
  data: object;
};

/** The JSON body to send; the HTTP status is always 200 ("Each operation in the table answers HTTP 200", 4 rule 1). */
export type ReferenceAnswer = FullEnvelope | DataOnlyEnvelope;

/** Answers one call of the operation with this catalogue id. Never throws, whatever the payload. */
export function handle(operationId: string, payload: unknown, state: ReferenceState): ReferenceAnswer {
  const operation = operations.find((op) => op.id === operationId);
  const handler = HANDLERS.get(operationId);
  if (!operation || !handler) {
    return envelope('full', notFound('operation', `no documented operation has the id ${JSON.stringify(String(operationId).slice(0, 100))}`));
  }
  return envelope(operation.envelope, handler(payload, state));
}

/* ---------- Outcomes and envelopes ---------- */

/** What is wrong with a request, as data: the field (a path like `items[0].num`) and why. */
export interface Problem {
  field: string;
  reason: string;
}

export type Outcome = { kind: 'done'; data: object } | { kind: 'bad-request' | 'not-found' | 'unauthorized'; problem: Problem };

export const done = (data: object): Outcome => ({ kind: 'done', data });
export const badRequest = (field: string, reason: string): Outcome => ({ kind: 'bad-request', problem: { field, reason } });
export const notFound = (field: string, reason: string): Outcome => ({ kind: 'not-found', problem: { field, reason } });
/** Only the token operation (4.1) answers it: its credentials are wrong. */
export const unauthorized = (field: string, reason: string): Outcome => ({ kind: 'unauthorized', problem: { field, reason } });

/** Values of `code` are "not shown" (7); the sandbox uses the HTTP codes their cases are known by. */
const FAILURE_CODE = { 'bad-request': '400', unauthorized: '401', 'not-found': '404' } as const;

export function envelope(kind: EnvelopeKind, outcome: Outcome): ReferenceAnswer {
  // A copy, so the answer shares nothing with the state: the caller may keep or change it.
  const data = outcome.kind === 'done' ? structuredClone(outcome.data) : {};
  if (kind === 'data-only') return { data };
  if (outcome.kind === 'done') return { data, status: 'success', code: '200', message: '操作成功', error: {} };
  const { field, reason } = outcome.problem;
  return { data, status: 'fail', code: FAILURE_CODE[outcome.kind], message: `${field}: ${reason}`, error: { field, reason } };
}

/* ---------- Reading requests ---------- */

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Reads one request field; `value` is undefined when the field is absent. */
export type FieldReader<T> = (value: unknown, field: string) => Parsed<T>;
export type RequestShape = Record<string, FieldReader<unknown>>;
export type RequestOf<S extends RequestShape> = { [K in keyof S]: S[K] extends FieldReader<infer T> ? T : never };

/** Turns a present value into what the handler works with, or undefined when it is not one. */
export type Convert<T> = (value: unknown) => T | undefined;

const fail = (field: string, reason: string): { ok: false; problem: Problem } => ({ ok: false, problem: { field, reason } });

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of `shape` read from `payload`, or the first problem in the shape's order. */
export function readRequest<S extends RequestShape>(payload: unknown, shape: S, at = 'body'): Parsed<RequestOf<S>> {
  if (!isJsonObject(payload)) return fail(at, 'must be a JSON object');
  const request: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(shape)) {
    const field = at === 'body' ? name : `${at}.${name}`;
    const parsed = read(Object.hasOwn(payload, name) ? payload[name] : undefined, field);
    if (!parsed.ok) return parsed;
    request[name] = parsed.value;
  }
  return { ok: true, value: request as RequestOf<S> };
}

/** Runs `then` on the request read with `shape`, or answers 400 with the first problem. */
export function withRequest<S extends RequestShape>(payload: unknown, shape: S, then: (request: RequestOf<S>) => Outcome): Outcome {
  const request = readRequest(payload, shape);
  return request.ok ? then(request.value) : { kind: 'bad-request', problem: request.problem };
}

/** A field every request must carry; `expectation` completes "must be …". */
export function required<T>(convert: Convert<T>, expectation: string): FieldReader<T> {
  return (value, field) => {
    if (value === undefined) return fail(field, 'missing');
    const converted = convert(value);
    return converted === undefined ? fail(field, `must be ${expectation}`) : { ok: true, value: converted };
  };
}

/** A field that acts "where given" (4 rule 2); null counts as not given, as the samples show null values (4 rule 4). */
export function optional<T>(convert: Convert<T>, expectation: string): FieldReader<T | undefined> {
  const readGiven = required(convert, expectation);
  return (value, field) => (value === undefined || value === null ? { ok: true, value: undefined } : readGiven(value, field));
}

/** An array of at least one object of `shape` (#14, #15 `items`). */
function nonEmptyListOf<S extends RequestShape>(shape: S): FieldReader<RequestOf<S>[]> {
  return (value, field) => {
    if (value === undefined) return fail(field, 'missing');
    if (!Array.isArray(value) || value.length === 0) return fail(field, 'must be a non-empty array');
    const items: RequestOf<S>[] = [];
    for (const [index, item] of value.entries()) {
      const parsed = readRequest(item, shape, `${field}[${index}]`);
      if (!parsed.ok) return parsed;
      items.push(parsed.value);
    }
    return { ok: true, value: items };
  };
}

/* ---------- Converters ---------- */

const WHOLE_NUMBER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const MOBILE_TEXT = /^\d{11}$/;

/**
 * The spec sets no bound on quantities (8); the sandbox caps them at a million packs so that
 * amounts stay finite numbers, exact to the fen.
 */
const MAX_QUANTITY = 1_000_000;

/** Lenient where types are open ("shown with null or numeric sample values only", 4 rule 4): a whole number or its digits. */
export function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && WHOLE_NUMBER_TEXT.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}

export function positiveWholeNumber(value: unknown): number | undefined {
  const number = wholeNumber(value);
  return number !== undefined && number >= 1 ? number : undefined;
}

/** Strict where the spec states the type (#16 brandId "integer"): a JSON integer, not a string of one. */
export function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** #13 and #16 page fields are documented as integers; a page is at least 1 record and page 1 comes first. */
export function positiveInteger(value: unknown): number | undefined {
  const number = integer(value);
  return number !== undefined && number >= 1 ? number : undefined;
}

/** Lenient decimal: a finite number or its digits. */
function decimal(value: unknown): number | undefined {
  const number = typeof value === 'string' && DECIMAL_TEXT.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

export function quantity(value: unknown): number | undefined {
  const number = decimal(value);
  return number !== undefined && number > 0 && number <= MAX_QUANTITY ? number : undefined;
}

/** #14, #15 `num` is documented as a string: the digits of a quantity. */
function quantityText(value: unknown): number | undefined {
  return typeof value === 'string' ? quantity(value) : undefined;
}

/** An amount in yuan that is exact in whole fen, so it prints with two decimals like "1280.00". */
export function money(value: unknown): number | undefined {
  const number = decimal(value);
  return number !== undefined && number >= 0 && Number.isSafeInteger(Math.round(number * 100)) ? number : undefined;
}

export function flag(value: unknown): number | undefined {
  const number = wholeNumber(value);
  return number === 0 || number === 1 ? number : undefined;
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A product code: letters and digits, with `-`, `_`, `.` or `/` between. The sandbox prices any
 * such code, and refuses other text rather than store and echo it in the order lines.
 */
export function productCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/.test(value) ? value : undefined;
}

export function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A code like `cusType` "1": a string, or a whole number taken as its digits. */
export function codeText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const number = wholeNumber(value);
  return number === undefined ? undefined : String(number);
}

/** The sandbox accepts any 11-digit mobile number, as a string or as the number its digits spell. */
export function mobile(value: unknown): string | undefined {
  const digits = typeof value === 'number' ? String(value) : value;
  return typeof digits === 'string' && MOBILE_TEXT.test(digits) ? digits : undefined;
}

export const A_WHOLE_NUMBER = 'a whole number, or a string of its digits';
export const A_PAGE_SIZE = 'a whole number of at least 1, or a string of its digits';
export const AN_INTEGER_PAGE = 'an integer of at least 1';
export const A_STRING = 'a string';
export const A_PRODUCT_CODE = 'a product code of letters and digits (and - _ . /), at most 64 long';
export const A_QUANTITY = `a number above 0 and at most ${MAX_QUANTITY}`;
export const AN_AMOUNT = 'an amount in yuan of at least 0, exact to the fen';

/* ---------- State helpers ---------- */

export function takeId(state: ReferenceState): number {
  const id = state.nextId;
  state.nextId += 1;
  return id;
}

export function nowSeconds(state: ReferenceState): number {
  return Math.floor(state.now() / 1000);
}

export function removeWhere<T>(records: T[], matches: (record: T) => boolean): T | undefined {
  const index = records.findIndex(matches);
  return index === -1 ? undefined : records.splice(index, 1)[0];
}

export interface Page<T> {
  totalPage: number;
  pageNo: number;
  list: T[];
}

/** A page (2.2): `totalPage` pages of `pageSize` records (0 when none match); past the end the list is empty. */
export function pageOf<T>(records: readonly T[], pageSize: number, pageNo: number): Page<T> {
  const start = (pageNo - 1) * pageSize;
  return { totalPage: Math.ceil(records.length / pageSize), pageNo, list: records.slice(start, start + pageSize) };
}

export function hasStatus(status: number | undefined): (record: { status: number }) => boolean {
  return (record) => status === undefined || record.status === status;
}

/* ---------- #1 to #4: custom demands and purchase orders ---------- */

/** #1, #4, #7: "pageSize (number), status (number)", and pageNo "where given" (4 rule 2). */
export const LIST_REQUEST = {
  pageSize: required(positiveWholeNumber, A_PAGE_SIZE),
  pageNo: optional(positiveWholeNumber, A_PAGE_SIZE),
  status: optional(wholeNumber, A_WHOLE_NUMBER),
};

function listCustomDemands(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1, status }) =>
    done(pageOf(state.customDemands.filter(hasStatus(status)), pageSize, pageNo)),
  );
}

/** #2 "type, cas, level, nums, pack, price". The meaning of `type` is not shown: it is checked, not kept. */
const CUSTOM_DEMAND_CREATE = {
  type: required(wholeNumber, A_WHOLE_NUMBER),
  cas: required(text, A_STRING),
  level: required(text, A_STRING),
  nums: required(quantity, A_QUANTITY),
  pack: required(text, A_STRING),
  price: required(money, AN_AMOUNT),
};

function createCustomDemand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, CUSTOM_DEMAND_CREATE, ({ cas, level, nums, pack, price }) => {
    const id = takeId(state);
    const at = nowSeconds(state);
    state.customDemands.unshift({
      id,
      demandNumber: documentNumber(DOCUMENT_PREFIX.demand, at, id),
      serialNumber: documentNumber(DOCUMENT_PREFIX.demandSerial, at, id),
      productCas: cas,
      productLevel: level,
      productNums: String(nums),
      productPack: pack,
      demandPrice: moneyText(price),
      // A new demand awaits its quote, so no supply or sale price yet.
      supplyPrice: moneyText(0),
      salePrice: moneyText(0),
      status: 0,
      statusText: DEMAND_STATUS_TEXT[0],
      remark: '',
      createdAt: null,
    });
    return done({});
  });
}

function deleteCustomDemand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, { demandId: required(wholeNumber, A_WHOLE_NUMBER) }, ({ demandId }) =>
    removeWhere(state.customDemands, (demand) => demand.id === demandId) ? done({}) : notFound('demandId', `no custom demand has the id ${demandId}`),
  );
}

/** #4 adds `cusType (string)`, which filters like `status` does. */
const PURCHASE_ORDER_LIST = { ...LIST_REQUEST, cusType: optional(codeText, 'a string such as "1"') };

function listPurchaseOrders(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, PURCHASE_ORDER_LIST, ({ pageSize, pageNo = 1, status, cusType }) => {
    const matching = state.purchaseOrders
      .filter((entry) => (cusType === undefined || entry.cusType === cusType) && hasStatus(status)(entry.record))
      .map((entry) => entry.record);
    return done(pageOf(matching, pageSize, pageNo));
  });
}

/* ---------- #5, #6: consignments ---------- */

/** #5 "id, type, hasCas, cas, productName, level, nums, pack, price". What `id` and `type` name is not shown: checked, not kept. */
const CONSIGNMENT_PUBLISH = {
  id: required(wholeNumber, A_WHOLE_NUMBER),
  type: required(wholeNumber, A_WHOLE_NUMBER),
  hasCas: required(flag, '0 or 1'),
  cas: required(text, A_STRING),
  productName: required(text, A_STRING),
  level: required(text, A_STRING),
  nums: required(quantity, A_QUANTITY),
  pack: required(text, A_STRING),
  price: required(money, AN_AMOUNT),
};

function publishConsignment(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, CONSIGNMENT_PUBLISH, ({ hasCas, cas, productName, level, nums, pack, price }) => {
    const id = takeId(state);
    state.consignments.unshift({
      id,
      productNumber: documentNumber(DOCUMENT_PREFIX.consignment, nowSeconds(state), id),
      productCas: hasCas === 1 ? cas : '',
      productCname: productName,
      productLevel: level,
      productNums: String(nums),
      productPack: pack,
      salePrice: moneyText(price),
      status: 0,
      statusText: CONSIGNMENT_STATUS_TEXT[0],
      remark: '',
      createdAt: null,
    });
    return done({});
  });
}

/** #6 answers "one purchase order record shape (2.7)": the consignment it deleted. `cid` is a "string in the sample". */
function deleteConsignment(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, { cid: required(wholeNumber, A_WHOLE_NUMBER) }, ({ cid }) => {
    const removed = removeWhere(state.consignments, (consignment) => consignment.id === cid);
    return removed ? done(removed) : notFound('cid', `no consignment has the id ${cid}`);
  });
}

/* ---------- #7 to #10: bank cards and consignees ---------- */

/** 2.8 gives a bank card no status, so a given `status` is checked but has nothing to filter. */
function listBankCards(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1 }) =>
    done(
      pageOf(
        state.bankCards.map((entry) => entry.record),
        pageSize,
        pageNo,
      ),
    ),
  );
}

export const BY_ID = { id: required(wholeNumber, A_WHOLE_NUMBER) };

/** #8 answers the "consignee record shape (2.9)", as written: the card's holder and opening branch fill it. */
function bankCardAsConsignee({ record, reservedMobile, branch, isDefault }: BankCardEntry): Consignee {
  return {
    id: record.id,
    consigneeName: record.accountName,
    mobile: reservedMobile,
    phone: branch.phone,
    province: branch.province,
    city: branch.city,
    county: branch.county,
    address: branch.name,
    isDefault,
    remark: `${record.bankName} ${record.bankAccount}`,
    createdAt: record.createdAt,
  };
}

function bankCardById(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) => {
    const entry = state.bankCards.find((card) => card.record.id === id);
    return entry ? done(bankCardAsConsignee(entry)) : notFound('id', `no bank card has the id ${id}`);
  });
}

function consigneeById(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) => {
    const consignee = state.consignees.find((candidate) => candidate.id === id);
    return consignee ? done(consignee) : notFound('id', `no consignee has the id ${id}`);
  });
}

function deleteConsignee(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BY_ID, ({ id }) =>
    removeWhere(state.consignees, (consignee) => consignee.id === id) ? done({}) : notFound('id', `no consignee has the id ${id}`),
  );
}

/* ---------- #11, #12: send-code and login, a sandbox ---------- */

export const A_MOBILE = 'an 11-digit mobile number';

function sendCode(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), source: required(wholeNumber, A_WHOLE_NUMBER) }, () => done({}));
}

/** Any 11-digit mobile and non-empty password log in: the reference server is a sandbox. */
function login(payload: unknown): Outcome {
  return withRequest(payload, { mobile: required(mobile, A_MOBILE), password: required(nonEmptyText, 'a non-empty string') }, () => done({}));
}

/* ---------- #13 to #15: orders ---------- */

/** #13 "pageSize (number of records to return), pageNo (current page)". */
const ALPHA_ORDERS_LIST = {
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};

function listAlphaOrders(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, ALPHA_ORDERS_LIST, ({ pageSize, pageNo }) =>
    done(
      pageOf(
        state.alphaOrders.map((stored) => stored.order),
        pageSize,
        pageNo,
      ),
    ),
  );
}

/** #14, #15 header fields, "(all strings)". */
const ORDER_HEADER = {
  soCusPo: required(text, A_STRING),
  soCaName: required(text, A_STRING),
  soCaMobile: required(text, A_STRING),
  soCaPhone: required(text, A_STRING),
  soCaProvince: required(text, A_STRING),
  soCaCity: required(text, A_STRING),
  soCaStreet: required(text, A_STRING),
  soNote: required(text, A_STRING),
};

const A_QUANTITY_STRING = `a string of a number above 0 and at most ${MAX_QUANTITY}`;

/** #14 "items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)}". */
const ALPHA_ORDER_CREATE = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({
    pCode: required(productCode, A_PRODUCT_CODE),
    num: required(quantityText, A_QUANTITY_STRING),
    siCusNote: required(text, A_STRING),
    siSendNote: required(text, A_STRING),
  }),
};

/** #15 "items: array of {pCode (string), brandId (string), num (string)}". */
const BETA_ORDER_CREATE = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({
    pCode: required(productCode, A_PRODUCT_CODE),
    brandId: required(text, A_STRING),
    num: required(quantityText, A_QUANTITY_STRING),
  }),
};

type OrderRequest = RequestOf<typeof ORDER_HEADER> & { items: readonly { pCode: string; num: number }[] };

/**
 * The 2.3 fields of a new order. The request names one consignee, who also receives the invoice;
 * it asks for no invoice details, so those stay empty (0 where the sample shows an integer).
 */
function newOrderFields(id: number, placedAt: number, request: OrderRequest): Omit<ListedOrder, 'soTotal'> {
  const consignee = {
    name: request.soCaName,
    mobile: telephoneAsInteger(request.soCaMobile),
    phone: telephoneAsInteger(request.soCaPhone),
    province: request.soCaProvince,
    city: request.soCaCity,
    street: request.soCaStreet,
  };
  return {
    soId: id,
    soNo: documentNumber(DOCUMENT_PREFIX.order, placedAt, id),
    soReviewStatus: 0,
    soPayStatus: 0,
    soCaName: consignee.name,
    soCaMobile: consignee.mobile,
    soCaPhone: consignee.phone,
    soCaProvince: consignee.province,
    soCaCity: consignee.city,
    soCaCounty: '',
    soCaStreet: consignee.street,
    soCiaName: consignee.name,
    soCiaMobile: consignee.mobile,
    soCiaPhone: consignee.phone,
    soCiaProvince: consignee.province,
    soCiaCity: consignee.city,
    soCiaCounty: '',
    soCiaStreet: consignee.street,
    soCiMethod: 0,
    soCiType: 0,
    soCiTitle: '',
    soCiBank: '',
    soCiBknum: '',
    soCiAddr: '',
    soCiPhone: 0,
    soCiVatno: '',
    soNote: request.soNote,
    soCtime: placedAt,
  };
}

/** Places the order at the head of `orders` (newest first): one line per requested item, in request order. */
function placeOrder(state: ReferenceState, orders: StoredOrder[], request: OrderRequest): StoredOrder {
  const id = takeId(state);
  const lines = request.items.map((item) => orderLineFor(item.pCode, item.num));
  const stored = pricedOrder(newOrderFields(id, nowSeconds(state), request), lines);
  orders.unshift(stored);
  return stored;
}

/** The create-order answer: the order "plus soFreightPrice and items", soCtime a "string in the create-order responses" (2.3). */
export function createdOrder({ order, freightPrice, lines }: StoredOrder): object {
  return { ...order, soCtime: formatChinaTime(order.soCtime), soFreightPrice: freightPrice, items: lines };
}

function createAlphaOrder(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, ALPHA_ORDER_CREATE, (request) => done(createdOrder(placeOrder(state, state.alphaOrders, request))));
}

function createBetaOrder(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BETA_ORDER_CREATE, (request) => done(createdOrder(placeOrder(state, state.betaOrders, request))));
}

/* ---------- #16: beta products ---------- */

/** #16 "brandId (integer), pageSize (integer), pageNo (integer)". */
const BETA_PRODUCTS_BY_BRAND = {
  brandId: required(integer, 'an integer'),
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};

/** An unknown brand has no products: an empty page, not an error. */
function betaProductsByBrand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BETA_PRODUCTS_BY_BRAND, ({ brandId, pageSize, pageNo }) => done(pageOf(state.betaProducts.get(brandId) ?? [], pageSize, pageNo)));
}

/* ---------- The operations, by catalogue id ---------- */

type Handler = (payload: unknown, state: ReferenceState) => Outcome;

const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ['custom-demand-list', listCustomDemands],
  ['custom-demand-create', createCustomDemand],
  ['custom-demand-delete', deleteCustomDemand],
  ['purchase-order-list', listPurchaseOrders],
  ['consignment-publish', publishConsignment],
  ['consignment-delete', deleteConsignment],
  ['bank-card-list', listBankCards],
  ['bank-card-by-id', bankCardById],
  ['consignee-by-id', consigneeById],
  ['consignee-delete', deleteConsignee],
  ['send-code', sendCode],
  ['login', login],
  ['alpha-orders-list', listAlphaOrders],
  ['alpha-order-create', createAlphaOrder],
  ['beta-order-create', createBetaOrder],
  ['beta-products-by-brand', betaProductsByBrand],
]);
