/**
 * The checks of the request forms the HTTP probes send (equivalent-form, vary-accept-encoding,
 * get-query-answered) stay quiet where a call sent again is answered otherwise for what it finds,
 * not for its form, and where the probe they compare with was not sent.
 */
import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/checks/call-record.js';
import { equivalentForm } from '../../src/checks/headers/equivalent-form.js';
import { varyAcceptEncoding } from '../../src/checks/headers/vary-accept-encoding.js';
import { getQueryAnswered } from '../../src/checks/hygiene/get-query-answered.js';
import type { Exchange, OperationCheck } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { asGetWithQuery, refused, unauthorized } from './cases/fixtures.js';

const validator = createValidator();
const findings = (check: OperationCheck, exchanges: readonly Exchange[]) =>
  check.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );

const registered = { data: {}, status: 'fail', code: '400', message: 'mobile already registered', error: { field: 'mobile' } };
const probe = (operationId: string, path: string, shape: Parameters<typeof exchangeOf>[1] = {}) =>
  exchangeOf(operationId, { intent: 'http-probe', path: `http-probe:${path}`, ...shape });

describe('equivalent-form', () => {
  it('no false alarm: a create sent again is refused as already made in every form, the call with no header among them', () => {
    const calls = [
      exchangeOf('custom-demand-create'),
      exchangeOf('custom-demand-create', { intent: 'auth-probe', path: 'auth-probe:no-header', body: registered }),
      probe('custom-demand-create', 'persistent', { body: registered }),
      probe('custom-demand-create', 'field-name-case', { body: registered }),
      probe('custom-demand-create', 'media-type', { status: 400, body: registered }),
      probe('custom-demand-create', 'if-none-match', { status: 400, body: registered }),
    ];
    expect(findings(equivalentForm, calls)).toEqual([]);
  });

  it('no false alarm: a create sent again that met a rate limit is no answer to compare the forms with, which find it made already', () => {
    const limited = { data: {}, status: 'fail', code: '429', message: 'slow down', error: { reason: 'rate limited' } };
    const calls = [
      exchangeOf('custom-demand-create'),
      probe('custom-demand-create', 'persistent', {
        status: 429,
        body: limited,
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'retry-after': '1' },
      }),
      probe('custom-demand-create', 'media-type', { status: 400, body: registered }),
    ];
    expect(findings(equivalentForm, calls)).toEqual([]);
  });

  it('Expect: 100-continue: a create refused with HTTP 417 where the documented form was served is reported; one answered as the documented form is, or found made already in every form, is not', () => {
    const html = { 'content-type': 'text/html', date: HTTP_DATE };
    const refusedExpectation = [
      exchangeOf('custom-demand-create'),
      probe('custom-demand-create', 'persistent'),
      probe('custom-demand-create', 'expect-continue', { status: 417, body: '<h1>417 - Expectation Failed</h1>', headers: html }),
    ];
    expect(findings(equivalentForm, refusedExpectation).map((finding) => finding.actual)).toEqual([
      'with Expect: 100-continue: HTTP 417, which no call in the documented form got',
    ]);
    expect(
      findings(equivalentForm, [
        exchangeOf('custom-demand-create'),
        probe('custom-demand-create', 'persistent'),
        probe('custom-demand-create', 'expect-continue'),
      ]),
    ).toEqual([]);
    const madeAlready = [
      exchangeOf('custom-demand-create'),
      exchangeOf('custom-demand-create', { intent: 'auth-probe', path: 'auth-probe:no-header', body: registered }),
      probe('custom-demand-create', 'persistent', { body: registered }),
      probe('custom-demand-create', 'expect-continue', { body: registered }),
    ];
    expect(findings(equivalentForm, madeAlready)).toEqual([]);
  });

  it('chunked content: a refusal in the envelope that the same content with a Content-Length did not get is reported, though bad input gets it', () => {
    const notJson = { data: {}, status: 'fail', code: '400', message: 'Request body is not valid JSON.', error: { reason: 'invalid JSON' } };
    const readAsEmpty = [
      exchangeOf('consignment-publish'),
      exchangeOf('consignment-publish', { intent: 'hostile', body: refused }),
      probe('consignment-publish', 'persistent'),
      probe('consignment-publish', 'chunked', { body: notJson }),
    ];
    expect(findings(equivalentForm, readAsEmpty).map((finding) => [finding.actual, finding.calls?.map((call) => call.path)])).toEqual([
      [
        'with Transfer-Encoding: chunked and no Content-Length: HTTP 200, code "400", which the same content with a Content-Length did not get',
        ['conforming:0', 'http-probe:chunked'],
      ],
    ]);
  });

  it('JSON written in other forms of the same value: a refusal the compact JSON did not get is reported, naming the forms refused alone', () => {
    const notANumber = { data: {}, status: 'fail', code: '400', message: 'cannot unmarshal number 10.0 into int', error: { field: 'pageSize' } };
    const refusedForms = [
      exchangeOf('bank-card-list'),
      exchangeOf('bank-card-list', { intent: 'hostile', body: refused }),
      probe('bank-card-list', 'persistent'),
      probe('bank-card-list', 'json-forms', { body: notANumber }),
      probe('bank-card-list', 'json-whitespace'),
      probe('bank-card-list', 'json-fractions', { body: notANumber }),
    ];
    expect(findings(equivalentForm, refusedForms).map((finding) => [finding.actual, finding.calls?.map((call) => call.path)])).toEqual([
      [
        'with its JSON pretty-printed with a newline at the end, string values with \\u escapes, whole numbers with a fraction (10.0) and members sorted by name: HTTP 200, code "400", which the same JSON written compactly did not get; refused alone: whole numbers with a fraction; answered otherwise alone: pretty-printed',
        ['conforming:0', 'http-probe:json-forms', 'http-probe:json-fractions'],
      ],
    ]);
    // Found made already, as the call sent again was; and answered as the compact JSON was.
    const madeAlready = [
      exchangeOf('custom-demand-create'),
      probe('custom-demand-create', 'persistent', { body: registered }),
      probe('custom-demand-create', 'json-forms', { body: registered }),
    ];
    expect(findings(equivalentForm, madeAlready)).toEqual([]);
    expect(findings(equivalentForm, [exchangeOf('bank-card-list'), probe('bank-card-list', 'json-forms')])).toEqual([]);
  });

  it('no false alarm: chunked content refused with 411 (Length Required), as the status or the code; found made already, as the call sent again was', () => {
    const lengthRequired = { data: {}, status: 'fail', code: '411', message: 'Length Required', error: { reason: 'length required' } };
    const calls = (chunked: Parameters<typeof exchangeOf>[1]) => [
      exchangeOf('custom-demand-create'),
      probe('custom-demand-create', 'persistent', { body: registered }),
      probe('custom-demand-create', 'chunked', chunked),
    ];
    expect(
      findings(equivalentForm, calls({ status: 411, body: '<h1>411 Length Required</h1>', headers: { 'content-type': 'text/html', date: HTTP_DATE } })),
    ).toEqual([]);
    expect(findings(equivalentForm, calls({ body: lengthRequired }))).toEqual([]);
    expect(findings(equivalentForm, calls({ body: registered }))).toEqual([]);
  });

  it('no false alarm: chunked content that met a limit the same content with a Content-Length met in another form', () => {
    const limit = { data: {}, status: 'fail', code: '400', message: 'Too many codes for this mobile today.', error: { reason: 'limit' } };
    const calls = [
      exchangeOf('send-code'),
      probe('send-code', 'persistent'),
      probe('send-code', 'media-type', { body: limit }),
      probe('send-code', 'chunked', { body: limit }),
    ];
    expect(findings(equivalentForm, calls)).toEqual([]);
  });

  it('no false alarm: a read whose bad input gets HTTP 400 with the valid token', () => {
    const calls = [
      exchangeOf('custom-demand-list'),
      exchangeOf('custom-demand-list', { intent: 'hostile', status: 400, body: refused }),
      probe('custom-demand-list', 'media-type', { status: 400, body: refused }),
    ];
    expect(findings(equivalentForm, calls)).toEqual([]);
  });

  it('through a proxy, with no call sent again to compare: a state change refused with HTTP 400 is not judged, a refused token is', () => {
    const refusedForm = [exchangeOf('consignee-delete'), probe('consignee-delete', 'media-type', { status: 400, body: refused })];
    expect(findings(equivalentForm, refusedForm)).toEqual([]);
    const refusedToken = [exchangeOf('consignee-delete'), probe('consignee-delete', 'field-name-case', { body: unauthorized })];
    expect(findings(equivalentForm, refusedToken).map((finding) => finding.actual)).toEqual([expect.stringContaining('the token refused')]);
  });

  it('a list read with its members sorted answered with another page than the compact JSON got is reported; the same page, or records another call made in between on one read alone, is not', () => {
    const asked = { pageSize: 10, pageNo: 1 };
    const page = (records: number, totalPage: number) => ({
      data: { totalPage, pageNo: 1, list: Array.from({ length: records }, (_, id) => ({ soId: id + 1 })) },
      status: 'success',
      code: '200',
      message: '',
      error: {},
    });
    const read = (records: number, totalPage: number, formsRecords: number, formsTotal: number) => [
      exchangeOf('alpha-orders-list', { payload: asked, body: page(records, totalPage) }),
      probe('alpha-orders-list', 'field-name-case', { payload: asked, body: page(10, 3) }),
      probe('alpha-orders-list', 'json-forms', { payload: asked, body: page(formsRecords, formsTotal) }),
    ];
    expect(findings(equivalentForm, read(10, 3, 1, 30)).map((finding) => finding.actual)).toEqual([
      expect.stringContaining('a page of 1 records, pageNo 1, totalPage 30, where the same JSON written compactly got a page of 10 records'),
    ]);
    expect(findings(equivalentForm, read(10, 3, 10, 3))).toEqual([]);
    expect(findings(equivalentForm, read(10, 4, 10, 3))).toEqual([]);
  });
});

describe('vary-accept-encoding', () => {
  const gzip = { 'content-type': 'application/json', date: HTTP_DATE, 'content-encoding': 'gzip' };

  it('no false alarm: every answer coded alike, whether asked or not', () => {
    const calls = [exchangeOf('custom-demand-list', { headers: gzip }), probe('custom-demand-list', 'persistent', { headers: gzip })];
    expect(findings(varyAcceptEncoding, calls)).toEqual([]);
  });

  it('no false alarm: Vary: *, or the call without Accept-Encoding not sent (a proxy)', () => {
    expect(
      findings(varyAcceptEncoding, [exchangeOf('custom-demand-list', { headers: { ...gzip, vary: '*' } }), probe('custom-demand-list', 'persistent')]),
    ).toEqual([]);
    expect(findings(varyAcceptEncoding, [exchangeOf('custom-demand-list', { headers: gzip })])).toEqual([]);
  });

  it('no false alarm: another call coded without Vary, where the first valid call was not', () => {
    const calls = [
      exchangeOf('custom-demand-list', { payload: { pageSize: 10, status: 1 } }),
      exchangeOf('custom-demand-list', { path: 'conforming:1', payload: { pageSize: 50, status: 2 }, headers: gzip }),
      probe('custom-demand-list', 'persistent', { payload: { pageSize: 10, status: 1 } }),
    ];
    expect(findings(varyAcceptEncoding, calls)).toEqual([]);
  });
});

describe('get-query-answered', () => {
  const get = (shape: Parameters<typeof exchangeOf>[1]) =>
    asGetWithQuery(probe('bank-card-list', 'get-query', { payload: { pageSize: 10 }, ...shape }), 'pageSize=10');

  it('no false alarm: a page of HTML for a path it does not know, as a front that serves a web app answers', () => {
    const calls = [
      exchangeOf('bank-card-list', { payload: { pageSize: 10 } }),
      get({ body: '<!doctype html><title>OTP</title>', headers: { 'content-type': 'text/html', date: HTTP_DATE } }),
    ];
    expect(findings(getQueryAnswered, calls)).toEqual([]);
  });

  it('no false alarm: an empty page where the POST listed records, as a GET that binds nothing of the query', () => {
    const calls = [
      exchangeOf('bank-card-list', { payload: { pageSize: 10 } }),
      get({ body: { data: { list: [], pageNo: 1, totalPage: 0 }, status: 'success', code: '200', message: 'ok', error: {} } }),
    ];
    expect(findings(getQueryAnswered, calls)).toEqual([]);
  });
});
