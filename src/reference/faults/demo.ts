import { answerFault, crashFault, type Fault, json, listRecordFault, stringsIn, without } from './fault.js';

/**
 * The faults the product ships, for `serve --inject` and `startReference({ fault })`: one of each kind
 * a user meets first (an HTTP status, a body that is no JSON, a record field missing or of another
 * type, a crash on some inputs only), so that a user can see the kit catch a defect and read how it
 * reports one. The kit's own mutation set, with these among its faults and what each must trip, lives with its tests.
 */
export const http500: Fault = answerFault({
  name: 'http-500',
  description: 'answers HTTP 500 with the envelope',
  operationId: 'custom-demand-list',
  answer: (body) => ({ ...json(body), status: 500 }),
});

export const htmlErrorPage: Fault = answerFault({
  name: 'html-error-page',
  description: 'answers an HTML error page',
  operationId: 'purchase-order-list',
  answer: () => ({ contentType: 'text/html', body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>' }),
});

export const demandFieldMissing: Fault = listRecordFault({
  name: 'demand-field-missing',
  description: 'leaves demandNumber out of custom demand records',
  operationId: 'custom-demand-list',
  rewrite: (record) => without(record, 'demandNumber'),
});

export const orderListCtimeString: Fault = listRecordFault({
  name: 'order-list-ctime-string',
  description: 'sends soCtime as a string in the order list',
  operationId: 'alpha-orders-list',
  rewrite: (record) => ({ ...record, soCtime: '2026-11-22 10:00:00' }),
});

// Crashes on some inputs only: found by the hostile payloads (4 rule 1).
export const crashOnNonAscii: Fault = crashFault({
  name: 'crash-on-non-ascii',
  description: 'answers HTTP 500 when a string of the request holds a non-ASCII character',
  operationId: 'purchase-order-list',
  when: (payload) => stringsIn(payload).some((text) => [...text].some((char) => (char.codePointAt(0) ?? 0) > 0x7f)),
});

export const demoFaults: readonly Fault[] = [http500, htmlErrorPage, demandFieldMissing, orderListCtimeString, crashOnNonAscii];

export function findDemoFault(name: string): Fault | undefined {
  return demoFaults.find((fault) => fault.name === name);
}
