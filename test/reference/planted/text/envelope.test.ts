/**
 * Each red-team fault of test/mutation-set/faults/text/envelope.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { envelopeFaults } from '../../../mutation-set/faults/text/envelope.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callWithText, dataOf, field, type Headers, type Json, parsed, type Reply, text } from '../../../support/raw-http.js';
import { documentedCalls, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, CONSIGNMENT, documentedHeaders } from '../../../support/sample-bodies.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, path: string, body: string, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  callWithText(server, 'POST', path, body, headers);

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'unbindable-body-answered-as-problem-details': async (clean, faulty) => {
    const path = pathOf('consignment-publish');
    for (const body of ['{"id":0,', JSON.stringify({ ...CONSIGNMENT, hasCas: 'yes' }), JSON.stringify({ ...CONSIGNMENT, price: '96.5元' }), '[]']) {
      const before = await postText(clean, path, body);
      expect([before.status, parsed(before).code], body).toEqual([200, '400']);
      const after = await postText(faulty, path, body);
      expect([after.status, field(after, 'content-type')], body).toEqual([400, 'application/problem+json']);
      expect(parsed(after)).toEqual({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Failed to read request', instance: path });
    }
    const { cas: _cas, ...withoutCas } = CONSIGNMENT;
    const missing = await post(faulty, 'consignment-publish', withoutCas);
    expect([missing.status, parsed(missing)]).toEqual([200, parsed(await post(clean, 'consignment-publish', withoutCas))]);
    const published = await post(faulty, 'consignment-publish', { ...CONSIGNMENT, price: '96.5' });
    expect([published.status, parsed(published).code]).toEqual([200, '200']);
  },
  'alpha-create-in-full-envelope': async (clean, faulty) => {
    const before = parsed(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect(Object.keys(before)).toEqual(['data']);
    const after = parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(Object.keys(after)).toEqual(['data', 'status', 'code', 'message', 'error']);
    expect(after).toMatchObject({ status: 'success', code: '200', error: {}, data: { soNo: (before.data as Json).soNo } });
  },
  'empty-object-sent-as-php-array': async (clean, faulty) => {
    const before = await post(clean, 'consignee-delete', { id: 3 });
    expect(text(before)).toMatch(/^\{"data":\{\},.*"error":\{\}\}$/);
    const after = await post(faulty, 'consignee-delete', { id: 3 });
    expect(parsed(after)).toMatchObject({ code: '200', data: [], error: [] });
    expect(parsed(after)).toEqual({ ...parsed(before), data: [], error: [] });
  },
  'body-serialized-twice-as-string': async (clean, faulty) => {
    const before = await post(clean, 'consignment-delete', { cid: '12' });
    const after = JSON.parse(text(await post(faulty, 'consignment-delete', { cid: '12' }))) as unknown;
    expect(typeof after).toBe('string');
    expect(JSON.parse(after as string)).toEqual(parsed(before));
    expect((dataOf(before) as Json).id).toBe(12);
  },
};

describe('the red team faults of faults/text/envelope.ts', () => {
  demonstrated(envelopeFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
