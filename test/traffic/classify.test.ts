import { describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import type { SentRequest } from '../../src/client/exchange.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { classify } from '../../src/traffic/intent.js';
import type { ObservedExchange } from '../../src/traffic/observed.js';
import { receivedOf } from '../../src/traffic/received.js';
import { TrafficRoutes } from '../../src/traffic/routes.js';
import { credentialsIn } from '../../src/traffic/secrets.js';
import { createValidator } from '../../src/validation/validator.js';
import { referenceMapped, trafficJudge } from '../support/through-proxy.js';

const validator = createValidator();
const validate = (schemaId: string, value: unknown) => validator.validate(schemaId, value);
const routes = new TrafficRoutes([...operations, ...referenceMapped]);
const sent = (body: unknown, headers: Record<string, string> = { authorization: 'bearerT0KEN-1234' }): SentRequest => ({
  method: 'POST',
  url: 'https://shop.example.com/api//pc/custom_demand/list',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const list = findOperation('custom-demand-list')!;

describe('which operation a request of traffic calls', () => {
  it('its method and the path it ends with, after any base path; the doubled slash first, a single one too', () => {
    expect(routes.match('POST', 'http://127.0.0.1:8080//pc/custom_demand/list')?.id).toBe('custom-demand-list');
    expect(routes.match('POST', 'https://shop.example.com/api//pc/custom_demand/list?x=1')?.id).toBe('custom-demand-list');
    expect(routes.match('POST', 'https://shop.example.com/pc/custom_demand/list')?.id).toBe('custom-demand-list');
    expect(routes.match('POST', 'http://h/openapi/alpha/orders/getAlphaOrders')?.id).toBe('alpha-orders-list');
    expect(routes.match('POST', 'http://h//pc/consignmentorder/consignmentList')?.id).toBe('consignment-list');
  });

  it('none for a path or method the spec does not know: a preflight, a page, a path that only looks alike', () => {
    expect(routes.match('OPTIONS', 'http://h//pc/custom_demand/list')).toBeUndefined();
    expect(routes.match('GET', 'http://h/index.html')).toBeUndefined();
    expect(routes.match('POST', 'http://h/xpc/custom_demand/list')).toBeUndefined();
    expect(new TrafficRoutes(operations).match('POST', 'http://h//pc/consignmentorder/consignmentList')).toBeUndefined();
  });
});

describe('why the client sent a call', () => {
  it('a body valid against the request schema, with the documented header, is a valid call; a list names its page', () => {
    expect(classify(list, sent({ pageSize: 10, pageNo: 2, status: 1 }), undefined, validate)).toMatchObject({
      intent: 'conforming',
      page: { size: 10, no: 2, asked: [['status', 1]] },
    });
  });

  it('null in a list filter is valid, as the samples show it (4 rule 4); null in pageSize is not', () => {
    expect(classify(list, sent({ pageSize: 10, status: null }), undefined, validate).intent).toBe('conforming');
    expect(classify(list, sent({ pageSize: null, status: 1 }), undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'null-field' } });
  });

  it('a body the spec does not document is hostile, named as the engine names its hostile kinds', () => {
    expect(classify(list, sent({ pageSize: 'ten', status: 1 }), undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'wrong-type' } });
    expect(classify(list, sent({ status: 1 }), undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'missing-field' } });
    expect(classify(list, sent('{"pageSize":'), undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'invalid-json' } });
    expect(classify(list, sent([1]), undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'non-object-body' } });
    expect(classify(list, { ...sent(''), body: undefined }, undefined, validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'empty-body' } });
    expect(classify(list, sent({ pageSize: 10, status: 1 }), 'cut at 2048', validate)).toMatchObject({ intent: 'hostile', payload: { kind: 'body-cut' } });
  });

  it('a valid body without the documented header is judged as an auth probe; the token alone is the <API_KEY> form', () => {
    const body = { pageSize: 10, status: 1 };
    expect(classify(list, sent(body, {}), undefined, validate)).toMatchObject({ intent: 'auth-probe', probe: 'no-header' });
    expect(classify(list, sent(body, { Authorization: '' }), undefined, validate)).toMatchObject({ probe: 'empty-value' });
    expect(classify(list, sent(body, { Authorization: 'Bearer T0KEN' }), undefined, validate)).toMatchObject({ probe: 'bearer-space' });
    expect(classify(list, sent(body, { authorization: 'bearer T0KEN' }), undefined, validate)).toMatchObject({ probe: 'bearer-lowercase-space' });
    expect(classify(list, sent(body, { authorization: 'T0KEN' }), undefined, validate).intent).toBe('conforming');
  });

  it('the token operation without a token is a valid call: a client has none yet', () => {
    const tokenGet = referenceMapped.find((operation) => operation.id === 'token-get')!;
    expect(classify(tokenGet, sent({ mobile: '13800138000', password: 'pw' }, {}), undefined, validate).intent).toBe('conforming');
  });
});

describe('the credentials an exchange carries', () => {
  const exchange = (request: Partial<SentRequest>, response?: unknown): ObservedExchange => ({
    startedAt: 0,
    durationMs: 1,
    request: { ...sent({ pageSize: 1, status: 1 }), ...request },
    ...(response === undefined
      ? {}
      : { response: receivedOf(200, { 'set-cookie': 'sid=s3ss10n-c00k1e-value; Path=/' }, Buffer.from(JSON.stringify(response))) }),
  });

  it('the authorization value and the token in it, a Basic password, credential headers and session cookies', () => {
    expect(credentialsIn(exchange({}), list, undefined)).toEqual(expect.arrayContaining(['bearerT0KEN-1234', 'T0KEN-1234']));
    const basic = Buffer.from('ada:s3cret-pass').toString('base64');
    expect(credentialsIn(exchange({ headers: { Authorization: `Basic ${basic}` } }), undefined, undefined)).toEqual(expect.arrayContaining(['s3cret-pass']));
    expect(credentialsIn(exchange({ headers: { 'X-Api-Key': 'k3y-k3y-k3y', Cookie: 'lang=en; session=abcdefgh12345' } }), undefined, undefined)).toEqual(
      expect.arrayContaining(['k3y-k3y-k3y', 'abcdefgh12345']),
    );
    expect(credentialsIn(exchange({ headers: { Cookie: 'lang=en' } }), undefined, undefined)).not.toContain('en');
    expect(credentialsIn(exchange({}, { data: {} }), list, undefined)).toContain('s3ss10n-c00k1e-value');
  });

  it('passwords in a body or query, and the tokens a login or token answer issues', () => {
    const login = findOperation('login')!;
    const found = credentialsIn(
      exchange(
        { body: JSON.stringify({ mobile: '138', password: 'hunter2!' }), url: 'https://h//pc/auth/login?access_token=q-t0ken-9' },
        { data: { token: 'issued-t0ken-77' } },
      ),
      login,
      undefined,
    );
    expect(found).toEqual(expect.arrayContaining(['hunter2!', 'q-t0ken-9', 'issued-t0ken-77']));
    const tokenGet = referenceMapped.find((operation) => operation.id === 'token-get')!;
    expect(credentialsIn(exchange({}, { data: { value: 'at-the-pointer-1' } }), tokenGet, '/data/value')).toContain('at-the-pointer-1');
  });

  it('nothing a recording redacted already', () => {
    expect(credentialsIn(exchange({ headers: { authorization: 'bearer[REDACTED]' } }), list, undefined)).toEqual([]);
  });

  it('are learnt before the exchange is judged: its evidence and its repro hold none of them', () => {
    const redactor = new Redactor();
    const judge = trafficJudge(redactor);
    judge.add({ ...exchange({ headers: { authorization: 'bearerT0KEN-1234' } }), response: receivedOf(500, {}, Buffer.from('T0KEN-1234 is wrong')) });
    const [deviation] = judge.results().flatMap((result) => result.deviations);
    expect(JSON.stringify(deviation)).not.toContain('T0KEN-1234');
    expect(deviation!.repro).toContain('authorization: bearer${OTP_TOKEN}');
    expect(deviation!.replay).toBeUndefined();
  });
});
