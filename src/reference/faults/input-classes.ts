import { isPlainObject, type Json } from '../json.js';
import { caughtBy, crashFault, type Fault, inputFault, json, stringsIn } from './fault.js';

/*
 * Faults that only one class of input trips: the coverage pass must find each on every run, where
 * random payloads find them on some seeds only (or never).
 */

/** Whether any member at any depth is null. */
function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  return typeof value === 'object' && Object.values(value).some(holdsNull);
}

const items = (payload: unknown): Json[] => (isPlainObject(payload) && Array.isArray(payload.items) ? payload.items.filter(isPlainObject) : []);

export const inputClassFaults: readonly Fault[] = [
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
  crashFault({
    name: 'crash-on-astral-character',
    breaks: ['rfc8259-9-accept-grammar'],
    description: 'answers HTTP 500 when a string holds a character beyond the BMP (an emoji, CJK Extension B), as a 3-byte utf8 column does',
    operationId: 'beta-order-create',
    when: (payload) => stringsIn(payload).some((text) => [...text].some((char) => char.codePointAt(0)! > 0xffff)),
  }),
  crashFault({
    name: 'crash-on-apostrophe',
    description: "answers HTTP 500 when a string holds an apostrophe (O'Neill), as SQL built by concatenation does",
    operationId: 'consignment-publish',
    when: (payload) => stringsIn(payload).some((text) => text.includes("'")),
  }),
  crashFault({
    name: 'crash-on-null',
    description: 'answers HTTP 500 when a request field is null, the value the samples show (4 rule 4)',
    operationId: 'purchase-order-list',
    when: holdsNull,
  }),
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
