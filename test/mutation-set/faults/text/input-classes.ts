import { inputFault, json, stringsIn } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { caughtBy, crashed, type PlantedFault } from '../../planted-fault.js';

/*
 * Faults that only one class of input trips: the coverage pass must find each on every run, where
 * random payloads find them on some seeds only (or never).
 */

/** Whether any member at any depth is null. */
function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  return typeof value === 'object' && Object.values(value).some(holdsNull);
}

/** How deep arrays and objects nest in a value: 0 for a scalar, 1 for `[]` or `{}`. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** A surrogate without its other half: what a strict UTF-8 encoder refuses to write. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The body limit of Express's JSON parser, and the page its default error handler answers past it. */
const EXPRESS_BODY_LIMIT = 100 * 1024;

const EXPRESS_413_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>PayloadTooLargeError: request entity too large</pre>\n</body>\n</html>\n';

const items = (payload: unknown): Json[] => (isPlainObject(payload) && Array.isArray(payload.items) ? payload.items.filter(isPlainObject) : []);

export const inputClassFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'order-line-quantity', severity: 'warning' }, inputFault, [
    {
      name: 'decimal-quantity-truncated',
      description: 'stores a decimal quantity ("2.5") as a whole number: the order line says siNum 2',
      operationId: 'alpha-order-create',
      when: (payload) => items(payload).some((item) => typeof item.num === 'string' && /^\d*\.\d+$/.test(item.num)),
      answer(body) {
        const answer = structuredClone(body) as { data?: { items?: Json[] } };
        for (const line of answer.data?.items ?? []) if (typeof line.siNum === 'number') line.siNum = Math.trunc(line.siNum);
        return json(answer);
      },
    },
  ]),
  crashed({
    name: 'crash-on-astral-character',
    breaks: ['rfc8259-9-accept-grammar'],
    description: 'answers HTTP 500 when a string holds a character beyond the BMP (an emoji, CJK Extension B), as a 3-byte utf8 column does',
    operationId: 'beta-order-create',
    when: (payload) => stringsIn(payload).some((text) => [...text].some((char) => char.codePointAt(0)! > 0xffff)),
  }),
  crashed({
    name: 'crash-on-apostrophe',
    description: "answers HTTP 500 when a string holds an apostrophe (O'Neill), as SQL built by concatenation does",
    operationId: 'consignment-publish',
    when: (payload) => stringsIn(payload).some((text) => text.includes("'")),
  }),
  crashed({
    name: 'crash-on-null',
    description: 'answers HTTP 500 when a request field is null, the value the samples show (4 rule 4)',
    operationId: 'purchase-order-list',
    when: holdsNull,
  }),
  crashed({
    name: 'crash-on-nul',
    breaks: ['rfc8259-9-accept-grammar'],
    description: 'answers HTTP 500 when a string holds U+0000, as PostgreSQL refuses it in a text column',
    operationId: 'custom-demand-create',
    when: (payload) => stringsIn(payload).some((text) => text.includes('\u0000')),
  }),
  crashed({
    name: 'crash-on-lone-surrogate',
    breaks: ['rfc8259-9-accept-grammar'],
    description:
      "answers HTTP 500 when a string holds a lone surrogate written as an escape (\\ud800), as a strict UTF-8 encoder (Python's str.encode) refuses it",
    operationId: 'consignment-publish',
    when: (payload) => stringsIn(payload).some((text) => LONE_SURROGATE.test(text)),
  }),
  crashed({
    name: 'crash-on-deep-nesting',
    breaks: ['rfc8259-9-accept-grammar'],
    description: 'answers HTTP 500 when the order lines nest 32 levels deep or more, as a recursive validator that runs out of stack does',
    operationId: 'alpha-order-create',
    when: (payload) => depthOf(payload) >= 32,
  }),
  ...caughtBy({ check: 'json-body', severity: 'error' }, inputFault, [
    {
      name: 'html-413-past-body-limit',
      description: "answers a body past 100 kB with HTTP 413 and the HTML page of Express's default error handler, not the envelope",
      operationId: 'purchase-order-list',
      when: (payload) => JSON.stringify(payload).length > EXPRESS_BODY_LIMIT,
      answer: () => ({ status: 413, contentType: 'text/html; charset=utf-8', body: EXPRESS_413_PAGE }),
    },
  ]),
  ...caughtBy({ check: 'data-schema', severity: 'error' }, inputFault, [
    {
      name: 'deep-page-id-as-text',
      description: 'writes record ids as strings on pages past the third',
      operationId: 'bank-card-list',
      when: (payload) => isPlainObject(payload) && typeof payload.pageNo === 'number' && payload.pageNo > 3,
      answer(body) {
        const answer = structuredClone(body) as { data?: { list?: Json[] } };
        for (const record of answer.data?.list ?? []) record.id = String(record.id);
        return json(answer);
      },
    },
  ]),
];
