/**
 * Each red-team fault of test/mutation-set/faults/http/request-forms.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { requestFormFaults } from '../../../mutation-set/faults/http/request-forms.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, callWithText, dataOf, field, type Headers, type Json, listOf, parsed, type Reply, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { request } from 'node:http';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, path: string, body: string, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  callWithText(server, 'POST', path, body, headers);

/** A POST whose body node:http sends in the chunked coding, as it does when no Content-Length is given. */
function postChunked(server: ReferenceServer, path: string, payload: unknown, headers: Headers): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'POST', agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fields: [], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(JSON.stringify(payload));
    req.end();
  });
}

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postTextTo = (server: ReferenceServer, operationId: string, body: string): Promise<Reply> =>
  callWithText(server, 'POST', pathOf(operationId), body, DOCUMENTED_HEADERS);

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'multi-line-request-body-refused': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    for (const body of [JSON.stringify(DEMAND, null, 2), `${JSON.stringify(DEMAND)}\n`, ` ${JSON.stringify(DEMAND)}`]) {
      expect(parsed(await postText(clean, path, body)).code, body).toBe('200');
      const refused = parsed(await postText(faulty, path, body));
      expect([refused.code, refused.message], body).toEqual(['400', 'Request body is not valid JSON.']);
    }
    expect(listOf(await post(faulty, 'custom-demand-list', FIRST_PAGE))[0]!.id).not.toBe(FIRST_CREATED_ID);
    expect(parsed(await postText(faulty, path, JSON.stringify(DEMAND))).code).toBe('200');
    const [created] = listOf(await post(faulty, 'custom-demand-list', FIRST_PAGE));
    expect([created!.id, created!.productCas]).toEqual([FIRST_CREATED_ID, DEMAND.cas]);
  },
  'whole-number-with-fraction-refused': async (clean, faulty) => {
    const path = pathOf('bank-card-list');
    const page = parsed(await post(clean, 'bank-card-list', FIRST_PAGE));
    for (const [body, number] of [
      ['{"pageSize":10.0,"pageNo":1}', '10.0'],
      ['{"pageSize":1e1,"pageNo":1}', '1e1'],
    ] as const) {
      expect(parsed(await postText(clean, path, body)), body).toEqual(page);
      const refused = parsed(await postText(faulty, path, body));
      expect([refused.code, refused.message], body).toEqual([
        '400',
        `json: cannot unmarshal number ${number} into Go struct field ListRequest.pageSize of type int`,
      ]);
    }
    expect(parsed(await postText(faulty, path, '{"pageSize":10,"pageNo":1.0}')).message).toContain('number 1.0 into Go struct field ListRequest.pageNo');
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(page);
  },
  'authorization-field-name-case-sensitive': async (clean, faulty) => {
    const capitalised: Headers = { 'content-type': 'application/json', Authorization: `bearer${TOKEN}` };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, capitalised)).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, capitalised)).code).toBe('401');
    // Nothing was deleted: the lower-case field name deletes it now, and only once.
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('404');
  },
  'json-content-type-compared-exactly': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const headers = { ...DOCUMENTED_HEADERS, 'content-type': type };
      const before = await post(clean, 'send-code', asked, headers);
      expect([before.status, parsed(before).code]).toEqual([200, '200']);
      const after = await post(faulty, 'send-code', asked, headers);
      expect([after.status, parsed(after).code]).toEqual([415, '415']);
    }
    expect(parsed(await post(faulty, 'send-code', asked)).code).toBe('200');
  },
  'get-with-query-string-answered': async (clean, faulty) => {
    const path = `${pathOf('bank-card-by-id')}?id=3`;
    expect(parsed(await callTo(clean, 'GET', path, undefined, DOCUMENTED_HEADERS)).code).toBe('404');
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    const after = parsed(await callTo(faulty, 'GET', path, undefined, DOCUMENTED_HEADERS));
    expect([after.code, after.data]).toEqual(['200', card]);
    expect(parsed(await callTo(faulty, 'GET', path, undefined, UNTOKENED)).code).toBe('401');
  },
  'expect-continue-refused-with-417': async (clean, faulty) => {
    const expecting = { ...DOCUMENTED_HEADERS, expect: '100-continue' };
    const before = await post(clean, 'custom-demand-create', DEMAND, expecting);
    expect([before.status, parsed(before).code]).toEqual([200, '200']);
    const after = await post(faulty, 'custom-demand-create', DEMAND, expecting);
    expect(after.status).toBe(417);
    expect(field(after, 'content-type')).toBe('text/html');
    expect(text(after)).toContain('<h1>417 - Expectation Failed</h1>');
    expect(dataOf(await post(faulty, 'custom-demand-list', { pageSize: 1 })).totalPage).toBe(200);
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND)).code).toBe('200');
    expect(dataOf(await post(faulty, 'custom-demand-list', { pageSize: 1 })).totalPage).toBe(201);
  },
  'chunked-request-body-read-as-empty': async (clean, faulty) => {
    const path = pathOf('consignment-publish');
    expect(parsed(await postChunked(clean, path, CONSIGNMENT, DOCUMENTED_HEADERS)).code).toBe('200');
    expect(dataOf(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID })).productCname).toBe(CONSIGNMENT.productName);
    const refused = parsed(await postChunked(faulty, path, CONSIGNMENT, DOCUMENTED_HEADERS));
    expect([refused.code, refused.message]).toEqual(['400', 'Request body is not valid JSON.']);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID })).productCname).toBe(CONSIGNMENT.productName);
  },
  'page-fields-read-in-sample-order': async (clean, faulty) => {
    const sorted = '{"pageNo":2,"pageSize":10}';
    const asked = dataOf(await postTextTo(clean, 'alpha-orders-list', sorted));
    expect([asked.pageNo, asked.totalPage, (asked.list as Json[]).length]).toEqual([2, 3, 10]);
    const firstPage = listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    const misread = dataOf(await postTextTo(faulty, 'alpha-orders-list', sorted));
    expect(misread).toEqual({ totalPage: 15, pageNo: 1, list: firstPage.slice(0, 2) });
    const one = dataOf(await postTextTo(faulty, 'alpha-orders-list', '{"pageNo":1,"pageSize":10}'));
    expect([one.pageNo, one.totalPage, one.list]).toEqual([1, 30, firstPage.slice(0, 1)]);
    for (const documented of ['{"pageSize":10,"pageNo":2}', '{"pageSize": 10, "pageNo": 2}', JSON.stringify({ pageSize: 10, pageNo: 2 }, null, 2)]) {
      expect(parsed(await postTextTo(faulty, 'alpha-orders-list', documented)), documented).toEqual(
        parsed(await postTextTo(clean, 'alpha-orders-list', documented)),
      );
    }
  },
};

describe('the red team faults of faults/http/request-forms.ts', () => {
  demonstrated(requestFormFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
