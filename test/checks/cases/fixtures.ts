/** What the fixtures of test/checks/cases/ share: answers rewritten from the clean ones, and the bodies several use. */
import type { Exchange } from '../../../src/checks/types.js';
import { cleanBody, exchangeOf, samplePayload } from '../../support/exchange.js';
import { walkOf } from '../../support/walk.js';

export type Json = Record<string, unknown>;

/** The clean answer of an operation with `data` rewritten. */
export function withData(operationId: string, rewrite: (data: Json, payload: Json) => unknown, payload: Json = samplePayload(operationId)): Exchange {
  const body = cleanBody(operationId, payload);
  return exchangeOf(operationId, { payload, body: { ...body, data: rewrite(body.data as Json, payload) } });
}

export function withBody(operationId: string, rewrite: (body: Json) => unknown): Exchange {
  const payload = samplePayload(operationId);
  return exchangeOf(operationId, { payload, body: rewrite(cleanBody(operationId, payload)) });
}

/** An exchange whose response carries what the client noted while reading it. */
export const noted = (exchange: Exchange, note: Partial<NonNullable<Exchange['response']>>): Exchange => ({
  ...exchange,
  response: { ...exchange.response!, ...note },
});

/** The same call sent with a single slash before /pc, as a server that normalises paths serves it. */
export const atSingleSlash = (exchange: Exchange): Exchange => ({
  ...exchange,
  request: { ...exchange.request, url: exchange.request.url.replace('//pc/', '/pc/') },
});

/** The same call as a HEAD, with no body. */
export const asHead = (exchange: Exchange): Exchange => ({ ...exchange, request: { ...exchange.request, method: 'HEAD', body: undefined } });

/** The same call sent in HTTP/1.0, as the HTTP probe sends it on a connection of its own. */
export const inHttp10 = (exchange: Exchange): Exchange => ({ ...exchange, request: { ...exchange.request, httpVersion: '1.0' } });

/** The same call as a GET with its payload as the query (`?id=3`), as the HTTP probe sends it: no body. */
export const asGetWithQuery = (exchange: Exchange, query: string): Exchange => ({
  ...exchange,
  request: { ...exchange.request, method: 'GET', url: `${exchange.request.url}?${query}`, body: undefined },
});

/** A refusal in the envelope: what the clean server answers to a method its path does not take. */
export const methodRefused = { data: {}, status: 'fail', code: '405', message: 'takes POST', error: { reason: 'method not allowed' } };

export const notFound = { data: {}, status: 'fail', code: '404', message: 'no such demand', error: { reason: 'not found' } };

export const unauthorized = { data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } };

export const mapItems = (data: Json, rewrite: (line: Json, index: number) => Json) => ({
  ...data,
  items: (data.items as Json[]).map(rewrite),
});

/** An order whose first item carries a price, a member #15 does not take (2.4 siPrice). */
export const withLinePrice = (payload: Json): Json => ({
  ...payload,
  items: (payload.items as Json[]).map((item, i) => (i === 0 ? { ...item, siPrice: 98765.43 } : item)),
});
/** The answer to it with the first line priced as the client said. */
export const withLinePriced = (body: Json): Json => ({
  ...body,
  data: mapItems(body.data as Json, (line, i) => (i === 0 ? { ...line, siPrice: 98765.43 } : line)),
});
/** Two mobile numbers in the one field #11 sends its SMS to. */
export const twoMobiles = { mobile: '13812345678,13912345678', source: 1 };
export const refused = { data: {}, status: 'fail', code: '400', message: 'items[0]: unknown member siPrice', error: { field: 'items[0].siPrice' } };

/** Five records two a page: pages 1 to 3, then the empty page past the last. */
export const soundWalk = walkOf(5, 2);

/** A fixture that trips the check, and where the finding must point. */

/** A fixture that trips the check, and where the finding must point. */
export interface Case {
  readonly fires: Exchange | Exchange[];
  readonly instancePath: string;
  readonly quiet: Exchange | Exchange[];
}
