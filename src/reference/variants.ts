import type { Operation } from '../catalogue/operations.js';

type Json = Record<string, unknown>;

/**
 * A clean variant of the reference server: it makes other choices where the spec leaves the
 * answer open, and breaks no documented rule. The kit must report no error against any of them.
 */
export interface Variant {
  readonly name: string;
  readonly description: string;
  /** Rewrites a clean answer into the variant's own conventions. */
  rewrite(operation: Operation, body: Json, payload: unknown): Json;
  /** How long to wait before answering this operation, in ms. */
  delayMs(operation: Operation): number;
}

const isPlainObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

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

export const variants: readonly Variant[] = [alternativeConventions, sparseAndSlow];

export function findVariant(name: string): Variant | undefined {
  return variants.find((variant) => variant.name === name);
}
