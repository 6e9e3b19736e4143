import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Operation } from '../catalogue/operations.js';
import { isPlainObject, type Json } from './json.js';
import type { ListOrder } from './records.js';

/**
 * A clean variant of the reference server: it makes other choices where the spec leaves the
 * answer open, and breaks no documented rule. The kit must report no error against any of them.
 */
export interface Variant {
  readonly name: string;
  readonly description: string;
  /** The request it answers, where it reads one otherwise than the clean server (a filter value that means "all"). */
  reads?(operation: Operation, payload: unknown): unknown;
  /** Rewrites a clean answer into the variant's own conventions. */
  rewrite?(operation: Operation, body: Json, payload: unknown): Json;
  /** How long to wait before answering this operation, in ms. */
  delayMs?(operation: Operation): number;
  /** Its ways on the wire, made once per server (they may remember what they did). */
  wire?(): VariantWire;
  /** Its rule for the `authorization` header, where it lets in more than the documented `bearer<TOKEN>`. */
  authorizes?(header: string | undefined, token: string): boolean;
  /** The order its lists show their records in, where it is not the clean server's (newest first). */
  readonly listOrder?: ListOrder;
  /** Calls another client of the same account makes just before this one: the server handles them first. */
  alongside?(operation: Operation, payload: unknown): readonly OtherCall[];
  /** Another client of the same account that remembers what it made (one per server): the server handles its calls first. */
  otherClient?(): OtherClient;
  /** The id its records are numbered from, where not 1: a server in use for years holds ids far from the ones a client guesses. */
  readonly firstId?: number;
}

/** A client of the account besides the run, with a memory: its calls before each of the run's, and each answer as it hears it. */
export interface OtherClient {
  before(operation: Operation): readonly OtherCall[];
  heard(call: OtherCall, answer: Json): void;
}

/** A call of another client, by catalogue operation id. */
export interface OtherCall {
  readonly operationId: string;
  readonly payload: unknown;
}

/** How a variant's answers travel: the status line, headers and encoding of the JSON, and requests turned away. */
export interface VariantWire {
  /** Answers a request before it is handled (a 429, say); true when it did. */
  turnAway?(req: IncomingMessage, res: ServerResponse, body: string): boolean;
  /** Sends a JSON answer, `text` being what the clean server would send. */
  send?(req: IncomingMessage, res: ServerResponse, text: string): void;
}

/** Applies `rewrite` to every record of `data`: the record itself, a page's list, order lines. */
function mapRecords(data: Json, rewrite: (record: Json) => Json): Json {
  const withLines = Array.isArray(data.items) ? { ...data, items: data.items.map((line) => (isPlainObject(line) ? rewrite(line) : line)) } : data;
  if (Array.isArray(withLines.list)) {
    return { ...withLines, list: withLines.list.map((record) => (isPlainObject(record) ? rewrite(record) : record)) };
  }
  return Object.keys(withLines).length > 0 ? rewrite(withLines) : withLines;
}

const ok = (body: Json) => !isPlainObject(body.error) || Object.keys(body.error).length === 0;

/**
 * Other values of `code`, `status` and `message` (7: "not shown"), `createdAt` as a timestamp
 * string (2.10: "type and format … not shown"), and fields the spec does not list, on the records
 * and on the envelope.
 */
export const alternativeConventions: Variant = {
  name: 'alternative-conventions',
  description: 'code "0"/"E1001", status "OK"/"ERROR", English messages, createdAt strings, extra fields everywhere',
  rewrite(operation, body) {
    const data = isPlainObject(body.data)
      ? mapRecords(body.data, (record) => ({
          ...record,
          ...('createdAt' in record ? { createdAt: '2026-11-22T10:15:00+08:00' } : {}),
          updatedAt: 1795000000000,
          tenantId: 'sandbox',
        }))
      : body.data;
    const extras = { requestId: 'req-7f3a9c', serverTime: '2026-11-22T10:15:00+08:00' };
    if (operation.envelope === 'data-only') return { ...extras, data };
    const success = ok(body);
    return {
      ...extras,
      data,
      status: success ? 'OK' : 'ERROR',
      code: success ? '0' : 'E1001',
      message: success ? 'success' : 'request rejected',
      error: success ? {} : { ...(body.error as Json), hint: 'see the API guide' },
    };
  },
  delayMs: () => 0,
};

/** Operations the slow variant answers after 2–3 s: the SMS gateway and the login. */
const slowOperations = new Set(['send-code', 'login']);

/**
 * Empty lists with `totalPage` 0 (nothing to show is a valid page, 2.2), pages past the end, and
 * slow answers, well under the kit's default timeout of 10 s (8: bounds "not shown").
 */
export const sparseAndSlow: Variant = {
  name: 'sparse-and-slow',
  description: 'every list empty with totalPage 0, pageNo echoed; send_code and login answer after 2–3 s',
  rewrite(operation, body) {
    if (operation.response.kind !== 'page' || !isPlainObject(body.data) || !ok(body)) return body;
    return { ...body, data: { ...body.data, totalPage: 0, list: [] } };
  },
  delayMs: (operation) => (slowOperations.has(operation.id) ? 2000 + ((operation.number ?? 0) % 2) * 500 : 0),
};

/** A JSON answer with these headers, as HTTP 200 unless told otherwise. */
function sendWith(res: ServerResponse, text: string, headers: Record<string, string>, status = 200): void {
  res.writeHead(status, { 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** One request in this many is turned away with a 429, the first time it is seen. */
const RATE_LIMITED_ONE_IN = 12;

/**
 * A rate limiter in front of the server (8: rate limits "not shown"): some requests get HTTP 429 with
 * `Retry-After: 0` and are not handled; the same request sent again goes through. The kit waits and
 * sends it again, so nothing is missed and nothing is reported.
 */
export const rateLimitedRetryAfter: Variant = {
  name: 'rate-limited-retry-after',
  description: `one request in ${RATE_LIMITED_ONE_IN} answered HTTP 429 with Retry-After: 0 the first time, and not handled`,
  wire() {
    let seen = 0;
    const turnedAway = new Set<string>();
    return {
      turnAway(req, res, body) {
        const key = `${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`;
        if (turnedAway.has(key) || ++seen % RATE_LIMITED_ONE_IN !== 0) return false;
        turnedAway.add(key);
        const text = JSON.stringify({
          data: {},
          status: 'fail',
          code: '429',
          message: 'Too many requests, try again later.',
          error: { reason: 'rate limited' },
        });
        sendWith(res, text, { ...JSON_TYPE, 'retry-after': '0' }, 429);
        return true;
      },
    };
  },
};

/** Closes the connection after every answer, as some proxies and CGI servers do: the kit must open a new one each time. */
export const connectionClose: Variant = {
  name: 'connection-close',
  description: 'Connection: close on every answer, so no connection is reused',
  wire: () => ({ send: (_req, res, text) => sendWith(res, text, { ...JSON_TYPE, connection: 'close' }) }),
};

/** Media types and their parameters are case-insensitive (RFC 9110, 8.3.1): the JSON label written in capitals is still JSON. */
export const upperCaseContentType: Variant = {
  name: 'upper-case-content-type',
  description: 'content-type: Application/JSON; Charset=UTF-8',
  wire: () => ({ send: (_req, res, text) => sendWith(res, text, { 'content-type': 'Application/JSON; Charset=UTF-8' }) }),
};

/**
 * Bad input answered with HTTP 400 and the envelope (7: "HTTP statuses other than 200: not shown"):
 * the kit sends bad input only in hostile calls, where a 4xx is a warning, never an error.
 */
export const badInput400: Variant = {
  name: 'bad-input-400',
  description: 'HTTP 400 with the envelope for a request it refuses as bad input',
  wire: () => ({ send: (_req, res, text) => sendWith(res, text, JSON_TYPE, (JSON.parse(text) as Json).code === '400' ? 400 : 200) }),
};

/** Whether the request leaves gzip acceptable: no Accept-Encoding at all (RFC 9110, 12.5.3), or gzip (or *) with a weight above 0. */
function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (header === undefined) return true;
  const weights = new Map(
    header.split(',').map((entry) => {
      const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim());
      const weight = parameters.find((parameter) => parameter.startsWith('q='));
      return [coding.toLowerCase(), weight === undefined ? 1 : Number(weight.slice(2))] as const;
    }),
  );
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}

/**
 * Compressed answers, as a server behind a compressing proxy sends them: `Content-Encoding: gzip`
 * whenever the request leaves gzip acceptable. Section 1 says the body is JSON; gzip is how it
 * travels, and a client that decodes it sees that JSON.
 */
export const gzipBodies: Variant = {
  name: 'gzip-bodies',
  description: 'every answer gzip-compressed with Content-Encoding: gzip, unless the request rules gzip out',
  wire: () => ({
    send(req, res, text) {
      if (!acceptsGzip(req)) return sendWith(res, text, JSON_TYPE);
      const compressed = gzipSync(text);
      res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip', vary: 'accept-encoding', 'content-length': String(compressed.length) });
      res.end(compressed);
    },
  }),
};

/**
 * A success envelope as many Java servers write it: `"error": {"code": null, "message": null}`
 * beside the data. 2.1 says only that `error` is an object of "Error result data"; an object whose
 * members are all null carries none, and the data beside it is the result to check.
 */
export const nullErrorMembers: Variant = {
  name: 'null-error-members',
  description: 'success answers carry "error": {"code": null, "message": null}',
  rewrite: (operation, body) => (operation.envelope === 'data-only' || !ok(body) ? body : { ...body, error: { code: null, message: null } }),
};

/** Lets in `Bearer <TOKEN>` beside the documented `bearer<TOKEN>` (5 rule 2 shows the one; accepting another too breaks nothing). */
export const lenientAuthorization: Variant = {
  name: 'lenient-authorization',
  description: 'accepts Bearer <token> as well as the documented bearer<token>',
  authorizes: (header, token) => header === `bearer${token}` || header === `Bearer ${token}`,
};

/**
 * A list asked for status 0 lists every status, as many servers read 0 ("Values of status fields
 * and their meanings: not shown", 3): the filter is taken as not given. Every other value filters.
 */
export const statusZeroListsAll: Variant = {
  name: 'status-zero-lists-all',
  description: 'a list asked for status 0 lists records of every status',
  reads(operation, payload) {
    if (operation.response.kind !== 'page' || !isPlainObject(payload) || payload.status !== 0) return payload;
    const { status: _all, ...rest } = payload;
    return rest;
  },
};

/**
 * Every list the other way round, oldest first, records created during the run last: 2.2 shows a
 * page's fields and no order, so any order a server keeps from one page to the next is as good.
 */
export const oldestFirst: Variant = {
  name: 'oldest-first',
  description: 'every list oldest first, records created during the run last',
  listOrder: 'oldest-first',
};

/** Fields of the records of section 2 that hold a number written as a string (2.6, 2.7: "string"). */
const NUMBER_TEXT_FIELDS = new Set(['productNums', 'demandPrice', 'supplyPrice', 'salePrice']);

/** The same number written another way: "420.00" as "420", "2" as "2.0". */
const otherDecimals = (text: string): string => {
  const number = Number(text);
  if (text.trim() === '' || !Number.isFinite(number)) return text;
  return Number.isInteger(number) ? (text.includes('.') ? String(number) : `${number}.0`) : String(number);
};

/** A record with its text in NFC, its number strings written with other decimals and, on an operation of 4.1, its numbers as strings. */
function normalisedRecord(record: Json, untyped: boolean): Json {
  return Object.fromEntries(
    Object.entries(record).map(([field, value]) => {
      if (typeof value === 'string') return [field, NUMBER_TEXT_FIELDS.has(field) ? otherDecimals(value) : value.normalize('NFC')];
      return [field, untyped && typeof value === 'number' ? String(value) : value];
    }),
  );
}

/** Every character outside ASCII written as a \u escape (RFC 8259, 7): the same JSON text. */
const asciiJson = (text: string): string => text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Values stored and shown in forms that say the same: text in Unicode NFC (canonically equivalent to
 * what was sent, 'Café' with é as one code point), numbers written as strings with other decimals
 * ("420" for "420.00"), the numbers of the records of 4.1 (whose types are "not shown") as numeric
 * strings, and the JSON written in ASCII with \u escapes. A flow that compares what it sent with
 * what is shown must see no difference.
 */
export const normalisedValues: Variant = {
  name: 'normalised-values',
  description: 'text in Unicode NFC, "420" for "420.00", numbers of 4.1 records as numeric strings, JSON in ASCII with \\u escapes',
  rewrite(operation, body) {
    if (!isPlainObject(body.data) || !ok(body)) return body;
    const untyped = operation.number === undefined;
    return { ...body, data: mapRecords(body.data, (record) => normalisedRecord(record, untyped)) };
  },
  wire: () => ({ send: (_req, res, text) => sendWith(res, asciiJson(text), JSON_TYPE) }),
};

/** The operations whose calls add a record another client could have added too. */
const CREATING = new Set([
  'custom-demand-create',
  'consignment-publish',
  'purchase-order-publish',
  'bank-card-edit',
  'consignee-edit',
  'invoice-profile-edit',
  'alpha-order-create',
  'beta-order-create',
]);

/**
 * Another client of the same account (a second browser tab, a retry that went through) sends the
 * same create just before each of the run's: the lists hold records with the run's own values and
 * markers that the run did not create, listed beside and after its own.
 */
export const recordsCreatedByOthers: Variant = {
  name: 'records-created-by-others',
  description: 'another client of the account sends the same create, publish or edit just before each of the run’s',
  alongside: (operation, payload) => (CREATING.has(operation.id) && isPlainObject(payload) ? [{ operationId: operation.id, payload }] : []),
};

/**
 * Records numbered from 100001, as on a server in use for years: nearly every id a client guesses
 * is one it does not hold, and it answers those with a not-found error result, HTTP 200 with the
 * envelope (4 rule 1; `code` "404", whose value 7 leaves open), as most servers do.
 */
export const idsHeldElsewhere: Variant = {
  name: 'ids-held-elsewhere',
  description: 'records numbered from 100001: an id a client guesses is one it does not hold, answered with a not-found error result',
  firstId: 100_001,
};

/** What the other client of writesAlongside makes and deletes: a create, its list (newest first) and its delete, by catalogue operation id. */
interface OwnRecords {
  readonly create: OtherCall;
  readonly list: string;
  readonly remove: (id: number) => OtherCall;
}

const OTHER_CLIENT_RECORDS: readonly [OwnRecords, ...OwnRecords[]] = [
  {
    create: { operationId: 'custom-demand-create', payload: { type: 1, cas: '7647-01-0', level: 'AR', nums: 3, pack: 'other-client', price: 66.5 } },
    list: 'custom-demand-list',
    remove: (id) => ({ operationId: 'custom-demand-delete', payload: { demandId: id } }),
  },
  {
    create: {
      operationId: 'consignment-publish',
      payload: { id: 1, type: 1, hasCas: 1, cas: '67-64-1', productName: '丙酮', level: 'AR', nums: 5, pack: '500ml', price: 42 },
    },
    list: 'consignment-list',
    remove: (id) => ({ operationId: 'consignment-delete', payload: { cid: String(id) } }),
  },
  {
    create: {
      operationId: 'consignee-edit',
      payload: {
        consigneeName: '周其他',
        mobile: '13900139000',
        province: '浙江省',
        city: '杭州市',
        county: '西湖区',
        address: '文三路100号',
        remark: 'other client',
      },
    },
    list: 'consignee-list',
    remove: (id) => ({ operationId: 'consignee-delete', payload: { id } }),
  },
  {
    create: { operationId: 'bank-card-edit', payload: { accountName: '周其他', bankName: '中国银行', bankAccount: '6216610100001234567' } },
    list: 'bank-card-list',
    remove: (id) => ({ operationId: 'bank-card-delete', payload: { id } }),
  },
];

/** The other client acts before one request of the run in this many. */
const OTHER_CLIENT_EVERY = 3;
/** Of each kind, it keeps at most this many records of its own; past that, it deletes its oldest. */
const OTHER_CLIENT_KEEPS = 2;

/**
 * Another client of the same account at work during the run, as on a shared sandbox: before one
 * request in OTHER_CLIENT_EVERY it creates a custom demand, a consignment, a consignee or a bank
 * card (in turn), finds it at the head of its list, and once it holds OTHER_CLIENT_KEEPS of a kind,
 * deletes its oldest. Records appear and go in the lists the run reads, none of them the run's.
 */
export const writesAlongside: Variant = {
  name: 'writes-alongside',
  description: `another client of the account creates and deletes records of its own before one request in ${OTHER_CLIENT_EVERY}`,
  otherClient() {
    let requests = 0;
    let turn = 0;
    const own = new Map<string, number[]>();
    return {
      before() {
        if (++requests % OTHER_CLIENT_EVERY !== 0) return [];
        const records = OTHER_CLIENT_RECORDS[turn++ % OTHER_CLIENT_RECORDS.length] ?? OTHER_CLIENT_RECORDS[0];
        const held = own.get(records.list) ?? [];
        const oldest = held.length >= OTHER_CLIENT_KEEPS ? held.shift() : undefined;
        own.set(records.list, held);
        return oldest === undefined ? [records.create, { operationId: records.list, payload: { pageSize: 1, pageNo: 1 } }] : [records.remove(oldest)];
      },
      heard(call, answer) {
        const list = isPlainObject(answer.data) ? answer.data.list : undefined;
        const first: unknown = Array.isArray(list) ? list[0] : undefined;
        if (own.has(call.operationId) && isPlainObject(first) && typeof first.id === 'number') own.get(call.operationId)?.push(first.id);
      },
    };
  },
};

export const variants: readonly Variant[] = [
  alternativeConventions,
  sparseAndSlow,
  rateLimitedRetryAfter,
  connectionClose,
  upperCaseContentType,
  badInput400,
  gzipBodies,
  nullErrorMembers,
  lenientAuthorization,
  statusZeroListsAll,
  oldestFirst,
  normalisedValues,
  recordsCreatedByOthers,
  idsHeldElsewhere,
  writesAlongside,
];

export function findVariant(name: string): Variant | undefined {
  return variants.find((variant) => variant.name === name);
}
