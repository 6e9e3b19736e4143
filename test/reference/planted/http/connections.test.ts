/**
 * Each red-team fault of test/mutation-set/faults/http/connections.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { connectionFaults } from '../../../mutation-set/faults/http/connections.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { converse, dataOf, field, firstHead, type Headers, type Json, parsed, requestText, answersIn, type WireAnswer } from '../../../support/raw-http.js';
import { documentedCalls, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, documentedHeaders } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the second it was placed at (soCtime). */
const withoutTime = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** The status lines of every answer in a conversation. */
const statusLines = (conversation: string): string[] => conversation.match(/HTTP\/1\.1 \d{3} [^\r\n]*/g) ?? [];

const wireCallText = (operationId: string, payload: unknown, headers: Headers = DOCUMENTED_HEADERS): string =>
  requestText('POST', pathOf(operationId), headers, JSON.stringify(payload));

const bodyOf = (answer: WireAnswer): Json => JSON.parse(answer.body) as Json;

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'keep-alive-announced-then-closed': async (clean, faulty) => {
    const deletion = requestText('POST', pathOf('consignee-delete'), DOCUMENTED_HEADERS, '{"id":3}');
    const before = await converse(clean, deletion);
    expect(firstHead(before).head).toMatch(/^Connection: keep-alive$/im);
    expect(before.closedByServer).toBe(false);
    const after = await converse(faulty, deletion);
    expect(firstHead(after).head).toMatch(/^Connection: keep-alive$/im);
    expect(firstHead(after).head).toMatch(/^Keep-Alive: timeout=60$/im);
    expect(JSON.parse(firstHead(after).rest)).toMatchObject({ code: '200' });
    expect(after.closedByServer).toBe(true);
  },
  'chunked-answer-to-http-1-0': async (clean, faulty) => {
    const asked = JSON.stringify({ pageSize: 10, status: 1, cusType: '1' });
    const http10 = requestText('POST', pathOf('purchase-order-list'), DOCUMENTED_HEADERS, asked).replace(' HTTP/1.1\r\n', ' HTTP/1.0\r\n');
    const before = firstHead(await converse(clean, http10));
    expect(before.head).not.toMatch(/transfer-encoding/i);
    const after = firstHead(await converse(faulty, http10));
    expect(after.head).toContain('\r\nTransfer-Encoding: chunked\r\n');
    expect(after.rest).toMatch(/^[0-9a-f]+\r\n\{"data":/);
    expect(() => JSON.parse(after.rest)).toThrow(SyntaxError);
    // Unchunked, the bytes are the clean page.
    const data = after.rest.replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, '');
    expect(JSON.parse(data)).toEqual(JSON.parse(before.rest));
    // In HTTP/1.1 the page comes as the clean server sends it.
    expect(field(await post(faulty, 'purchase-order-list', JSON.parse(asked)), 'transfer-encoding')).toBeUndefined();
  },
  'connection-close-ignored': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    const closing = requestText('POST', pathOf('send-code'), { ...DOCUMENTED_HEADERS, connection: 'close' }, JSON.stringify(asked));
    const before = await converse(clean, closing);
    expect(before.closedByServer).toBe(true);
    expect(firstHead(before).head).toMatch(/\r\nConnection: close(\r\n|$)/);
    const after = await converse(faulty, closing);
    expect(after.closedByServer).toBe(false);
    const { head, rest } = firstHead(after);
    expect(head).toMatch(/\r\nConnection: keep-alive(\r\n|$)/);
    expect(JSON.parse(rest)).toEqual(JSON.parse(firstHead(before).rest));
    expect(parsed(await post(faulty, 'send-code', asked))).toEqual(JSON.parse(rest));
  },
  'processing-interim-sent-to-http-1-0': async (clean, faulty) => {
    const http10 = requestText('POST', pathOf('alpha-order-create'), DOCUMENTED_HEADERS, JSON.stringify(ALPHA_ORDER)).replace(
      / HTTP\/1\.1\r\n/,
      ' HTTP/1.0\r\n',
    );
    const before = await converse(clean, http10);
    expect(before.text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const after = await converse(faulty, http10);
    expect(after.text.startsWith('HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 200 OK\r\n')).toBe(true);
    const finalAnswer = firstHead({ ...after, text: after.text.slice('HTTP/1.1 102 Processing\r\n\r\n'.length) });
    const created = (conversation: string) => withoutTime((JSON.parse(conversation) as Json).data as Json);
    expect(created(finalAnswer.rest)).toEqual(created(firstHead(before).rest));
    const http11 = await post(faulty, 'alpha-order-create', ALPHA_ORDER);
    expect(http11.status).toBe(200);
    expect(withoutTime(dataOf(http11))).toEqual({ ...withoutTime(dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER))) });
  },
  'send-code-answered-twice': async (clean, faulty) => {
    const closing = { ...DOCUMENTED_HEADERS, connection: 'close' };
    const sendCode = (body: Json) => requestText('POST', pathOf('send-code'), closing, JSON.stringify(body));
    const valid = sendCode({ mobile: '13812345678', source: 1 });
    const before = await converse(clean, valid);
    expect(statusLines(before.text)).toEqual(['HTTP/1.1 200 OK']);
    const after = await converse(faulty, valid);
    expect(after.closedByServer).toBe(true);
    expect(statusLines(after.text)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    const [firstAnswer, secondAnswer] = after.text.split(/\r\n\r\n(?=\{)/).slice(1);
    expect(JSON.parse(firstAnswer!.slice(0, firstAnswer!.indexOf('HTTP/1.1')))).toEqual(JSON.parse(before.text.slice(before.text.indexOf('\r\n\r\n') + 4)));
    expect(JSON.parse(secondAnswer!)).toMatchObject({ status: 'fail', code: '500', message: '短信网关超时' });
    const refused = sendCode({ mobile: '123', source: 1 });
    expect(statusLines((await converse(faulty, refused)).text)).toHaveLength(1);
  },
  'pipelined-answers-in-completion-order': async (clean, faulty) => {
    const requests = wireCallText('send-code', { mobile: '13812345678', source: 1 }) + wireCallText('bank-card-by-id', { id: 3 });
    const before = await converse(clean, requests);
    const [code, card] = answersIn(before.text).map(bodyOf);
    expect([code!.data, (card!.data as Json).id]).toEqual([{}, 3]);
    expect(before.closedByServer).toBe(false);
    const after = await converse(faulty, requests);
    const answers = answersIn(after.text);
    expect(answers.map(bodyOf)).toEqual([card, code]);
    expect(answers[1]!.fields.connection).toBe('close');
    expect(after.closedByServer).toBe(true);
    const cardFirst = wireCallText('bank-card-by-id', { id: 3 }) + wireCallText('send-code', { mobile: '13812345678', source: 1 });
    expect(answersIn((await converse(faulty, cardFirst)).text).map(bodyOf)).toEqual([card, code]);
    expect(parsed(await post(faulty, 'send-code', { mobile: '13812345678', source: 1 }))).toEqual(code);
  },
};

describe('the red team faults of faults/http/connections.ts', () => {
  demonstrated(connectionFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
