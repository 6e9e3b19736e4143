import type { GroupId } from './groups.js';

/** How the response body is wrapped (2.1). */
export type EnvelopeKind =
  /** `data`, `status`, `code`, `message` and `error`. */
  | 'full'
  /** "The create-order response for the alpha catalogue carries only `data`." */
  | 'data-only';

/**
 * "Paths under /pc and /auth are written with a doubled slash after the base address;
 * paths under /openapi with a single one." (4)
 */
export type PathStyle = 'double-slash' | 'single-slash';

/** What the spec documents of `data` in an operation's response (4, "Response data"). */
export type ResponseData =
  /** "empty object" (in the sample): only its being an object is documented. */
  | { kind: 'object' }
  /** One record of the given record schema. */
  | { kind: 'record'; schema: RecordSchema }
  /** A page (2.2) whose list holds records of the given schema (any records where none is documented). */
  | { kind: 'page'; record?: RecordSchema };

/** The record schemas of section 2, by file name under schemas/records/. */
export const recordSchemas = ['order', 'created-order', 'order-line', 'beta-product', 'custom-demand', 'purchase-order', 'bank-card', 'consignee'] as const;
export type RecordSchema = (typeof recordSchemas)[number];

export interface Paging {
  /** The request field naming the page asked for, where the operation sends one. */
  readonly pageNoField?: 'pageNo';
  /** `pageSize` is documented as the "number of records to return" (#13). */
  readonly pageSizeBoundsList: boolean;
}

/**
 * An operation the kit can call: one of the sixteen of section 4, or one of 4.1 whose path an
 * operation map gives.
 */
export interface Operation {
  /** The row number in the table of section 4; undefined for a mapped operation of 4.1. */
  readonly number?: number;
  /** Stable id, used in `--only`, waivers and file names (schemas/requests/<id>.schema.json). */
  readonly id: string;
  readonly group: GroupId;
  readonly method: 'POST' | 'GET';
  /** The path relative to {base_url}: as section 4 writes it, or as the operation map gives it. */
  readonly path: string;
  readonly pathStyle: PathStyle;
  /** `$id` of the request body schema under schemas/; undefined where the spec shows no payload (4.1). */
  readonly requestSchema?: string;
  /** The request body a mapped operation sends (its map's template, filled in); undefined: no body. */
  readonly body?: unknown;
  readonly response: ResponseData;
  readonly envelope: EnvelopeKind;
  /** Whether calling it changes server state (skipped by read-only runs). */
  readonly mutates: boolean;
  /** Present on list operations (4 rule 2). */
  readonly paging?: Paging;
  /** Present on the create-order operations: the response order's lines answer the request's items. */
  readonly createsOrder?: true;
  /**
   * Present on operations that answer the one record their request names: #8 and #9, whose names
   * say so ("bankCardInfoById", "consigneeInfoById"); #6, which deletes the consignment its `cid`
   * names and answers "one purchase order record shape (2.7)", the kit's reading being that record;
   * and the details of 4.1 an operation map places.
   */
  readonly lookup?: true;
  /**
   * Of a lookup that changes nothing: the list operation whose records it finds (#8 the cards of
   * #7, #9 the consignees of the consignee list of 4.1, a detail of 4.1 the records of its list).
   * The kit's reading of the names: a record the list shows is one the lookup finds.
   */
  readonly listedIn?: string;
  /**
   * Present on the operations a member calls to sign in (#11 send_code, #12 login): the kit's reading
   * of their names. A server may take them without a valid token, as a client has none yet.
   */
  readonly signsIn?: true;
  /**
   * The request field that says whose records a list holds, where the spec names the list after it:
   * #16's `brandId` ("products of one brand", 1). Two values of it choose two sets of records.
   */
  readonly selectsBy?: string;
  /**
   * The request field that names the one recipient of a message the server pays to send: #11's
   * `mobile` ("send an SMS code", 1). Several recipients written into it are several messages for
   * one call (OWASP API4: "sending emails/SMS/phone calls" is paid per request).
   */
  readonly recipientField?: string;
}

/** One of the sixteen operations of section 4. */
export type DocumentedOperation = Operation & { readonly number: number; readonly requestSchema: string };

type OperationFacts = Omit<DocumentedOperation, 'pathStyle' | 'requestSchema' | 'method' | 'envelope'> & Partial<Pick<Operation, 'envelope'>>;

/** The doubled slash goes before /pc and /auth (4); any other path takes a single one, as /openapi does. */
export function pathStyleOf(path: string): PathStyle {
  return path.startsWith('/pc/') || path.startsWith('/auth/') ? 'double-slash' : 'single-slash';
}

function operation(facts: OperationFacts): DocumentedOperation {
  return {
    method: 'POST',
    envelope: 'full',
    ...facts,
    pathStyle: pathStyleOf(facts.path),
    requestSchema: `requests/${facts.id}.schema.json`,
  };
}

const object = { kind: 'object' } as const;
const record = (schema: RecordSchema) => ({ kind: 'record', schema }) as const;
/** A list operation: it answers a page of these records (2.2), changes nothing, and is paged by pageSize and, where given, pageNo (4 rule 2). */
const listOf = (records: RecordSchema, paging: Paging = { pageSizeBoundsList: false }) =>
  ({ response: { kind: 'page', record: records }, mutates: false, paging }) as const;

/** The sixteen documented operations of section 4, in the table's order. */
export const operations: readonly DocumentedOperation[] = [
  operation({ number: 1, id: 'custom-demand-list', group: 'custom-demand', path: '/pc/custom_demand/list', ...listOf('custom-demand') }),
  operation({ number: 2, id: 'custom-demand-create', group: 'custom-demand', path: '/pc/custom_demand/create', response: object, mutates: true }),
  operation({ number: 3, id: 'custom-demand-delete', group: 'custom-demand', path: '/pc/custom_demand/delDemand', response: object, mutates: true }),
  operation({ number: 4, id: 'purchase-order-list', group: 'purchase-orders', path: '/pc/purchase_order/list', ...listOf('purchase-order') }),
  operation({ number: 5, id: 'consignment-publish', group: 'consignment', path: '/pc/consignmentorder/publishConsignment', response: object, mutates: true }),
  operation({
    number: 6,
    id: 'consignment-delete',
    group: 'consignment',
    path: '/pc/consignmentorder/delConsignment',
    // "one purchase order record shape (2.7)", as written.
    response: record('purchase-order'),
    mutates: true,
    lookup: true,
  }),
  operation({ number: 7, id: 'bank-card-list', group: 'member-account', path: '/pc/customer/bankCardList', ...listOf('bank-card') }),
  operation({
    number: 8,
    id: 'bank-card-by-id',
    group: 'member-account',
    path: '/pc/customer/bankCardInfoById',
    // "consignee record shape (2.9)", as written.
    response: record('consignee'),
    mutates: false,
    lookup: true,
    listedIn: 'bank-card-list',
  }),
  operation({
    number: 9,
    id: 'consignee-by-id',
    group: 'member-account',
    path: '/pc/customer/consigneeInfoById',
    response: record('consignee'),
    mutates: false,
    lookup: true,
    listedIn: 'consignee-list',
  }),
  operation({ number: 10, id: 'consignee-delete', group: 'member-account', path: '/pc/customer/deleteConsignee', response: object, mutates: true }),
  operation({
    number: 11,
    id: 'send-code',
    group: 'member-account',
    path: '/auth/send_code',
    response: object,
    mutates: true,
    recipientField: 'mobile',
    signsIn: true,
  }),
  operation({ number: 12, id: 'login', group: 'member-account', path: '/pc/auth/login', response: object, mutates: false, signsIn: true }),
  operation({
    number: 13,
    id: 'alpha-orders-list',
    group: 'alpha-orders',
    path: '/openapi/alpha/orders/getAlphaOrders',
    ...listOf('order', { pageNoField: 'pageNo', pageSizeBoundsList: true }),
  }),
  operation({
    number: 14,
    id: 'alpha-order-create',
    group: 'alpha-orders',
    path: '/openapi/alpha/orders/createAlphaOrders',
    response: record('created-order'),
    envelope: 'data-only',
    mutates: true,
    createsOrder: true,
  }),
  operation({
    number: 15,
    id: 'beta-order-create',
    group: 'beta-orders',
    path: '/openapi/beta/orders/createBetaOrders',
    response: record('created-order'),
    mutates: true,
    createsOrder: true,
  }),
  operation({
    number: 16,
    id: 'beta-products-by-brand',
    group: 'beta-products',
    path: '/openapi/beta/products/getProductsByBrandId',
    ...listOf('beta-product', { pageNoField: 'pageNo', pageSizeBoundsList: false }),
    selectsBy: 'brandId',
  }),
];

/** The path as sent on the wire: the documented path behind the doubled slash where section 4 asks for one. */
export function wirePath(op: Pick<Operation, 'path' | 'pathStyle'>): string {
  return op.pathStyle === 'double-slash' ? `/${op.path}` : op.path;
}

export function findOperation(idOrPath: string): DocumentedOperation | undefined {
  return operations.find((op) => op.id === idOrPath || op.path === idOrPath);
}

export function operationsOf(group: GroupId): DocumentedOperation[] {
  return operations.filter((op) => op.group === group);
}
