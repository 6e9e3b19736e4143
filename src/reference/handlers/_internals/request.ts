/**
 * Reading request bodies: each field read by a converter, lenient where the spec leaves a type
 * open and strict where it states one; the first problem answers 400 naming the field.
 */
import { isPlainObject, type Json } from '../../json.js';
import type { Outcome, Problem } from './answer.js';

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

/** Reads one request field; `value` is undefined when the field is absent. */
export type FieldReader<T> = (value: unknown, field: string) => Parsed<T>;
export type RequestShape = Record<string, FieldReader<unknown>>;
export type RequestOf<S extends RequestShape> = { [K in keyof S]: S[K] extends FieldReader<infer T> ? T : never };

/** Turns a present value into what the handler works with, or undefined when it is not one. */
export type Convert<T> = (value: unknown) => T | undefined;

const fail = (field: string, reason: string): { ok: false; problem: Problem } => ({ ok: false, problem: { field, reason } });

/** The fields of `shape` read from `payload`, or the first problem in the shape's order. */
export function readRequest<S extends RequestShape>(payload: unknown, shape: S, at = 'body'): Parsed<RequestOf<S>> {
  if (!isPlainObject(payload)) return fail(at, 'must be a JSON object');
  const request: Json = {};
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
export function nonEmptyListOf<S extends RequestShape>(shape: S): FieldReader<RequestOf<S>[]> {
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

const WHOLE_NUMBER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
const MOBILE_TEXT = /^\d{11}$/;

/**
 * The spec sets no bound on quantities (8); the sandbox caps them at a million packs so that
 * amounts stay finite numbers, exact to the fen.
 */
export const MAX_QUANTITY = 1_000_000;

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
export function quantityText(value: unknown): number | undefined {
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

/** The longest text the sandbox keeps: a TEXT column's 65,535. Longer text is refused, not cut. */
export const MAX_TEXT_LENGTH = 65_535;

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_TEXT_LENGTH ? value : undefined;
}

/**
 * A product code: letters and digits, with `-`, `_`, `.` or `/` between. The sandbox prices any
 * such code, and refuses other text rather than store and echo it in the order lines.
 */
export function productCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/.test(value) ? value : undefined;
}

export function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= MAX_TEXT_LENGTH ? value : undefined;
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
export const A_MOBILE = 'an 11-digit mobile number';

/** #1, #4, #7: "pageSize (number), status (number)", and pageNo "where given" (4 rule 2). */
export const LIST_REQUEST = {
  pageSize: required(positiveWholeNumber, A_PAGE_SIZE),
  pageNo: optional(positiveWholeNumber, A_PAGE_SIZE),
  status: optional(wholeNumber, A_WHOLE_NUMBER),
};

export const BY_ID = { id: required(wholeNumber, A_WHOLE_NUMBER) };

/**
 * The product a custom demand asks for (#2 "type, cas, level, nums, pack, price") and a consignment
 * offers (#5 adds "id, hasCas, productName"): each field read by the same rule in both.
 */
export const PRODUCT_TERMS = {
  type: required(wholeNumber, A_WHOLE_NUMBER),
  cas: required(text, A_STRING),
  level: required(text, A_STRING),
  nums: required(quantity, A_QUANTITY),
  pack: required(text, A_STRING),
  price: required(money, AN_AMOUNT),
};

/** A surrogate without its other half, or a noncharacter (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF). */
const UNSENDABLE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]/;

/**
 * The first text of a request, member names included, that holds what I-JSON forbids a sender
 * (RFC 7493 §2.1): the sandbox would have to send it back in its lists, so it refuses it instead.
 */
export function unsendableText(payload: unknown, at = 'body'): Problem | undefined {
  if (typeof payload === 'string') return UNSENDABLE.test(payload) ? { field: at, reason: 'holds a lone surrogate or a noncharacter' } : undefined;
  if (payload === null || typeof payload !== 'object') return undefined;
  for (const [key, value] of Object.entries(payload)) {
    const field = Array.isArray(payload) ? `${at}[${key}]` : at === 'body' ? key : `${at}.${key}`;
    if (UNSENDABLE.test(key)) return { field, reason: 'is a member name with a lone surrogate or a noncharacter' };
    const problem = unsendableText(value, field);
    if (problem) return problem;
  }
  return undefined;
}
