import { describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import type { Exchange } from '../../src/checks/types.js';
import { recordOf } from '../../src/checks/call-record.js';
import { wasSent } from '../../src/engine/judging/judge.js';
import { verificationOf, whyUnverified as whyUnverifiedOfRecords } from '../../src/engine/operation/verification.js';

const list = findOperation('custom-demand-list')!;
const page = { data: { totalPage: 1, pageNo: 1, list: [] }, status: 'ok', code: '200', message: '', error: {} };
const failure = (code: string, reason: string) => ({ data: {}, status: 'fail', code, message: reason, error: { reason } });

/** As the Judge keeps them: a record of every call that was sent, none of one abandoned before it was. */
const whyUnverified = (exchanges: readonly Exchange[], dataChecked: boolean | undefined) =>
  whyUnverifiedOfRecords(
    exchanges.filter(wasSent).map((exchange, rank) => recordOf(exchange, rank)),
    dataChecked,
  );

describe('whyUnverified', () => {
  const exchange = (intent: Exchange['intent'], outcome: { status: number; body: unknown } | { failure: 'timeout' | 'aborted' }): Exchange =>
    ({
      operation: list,
      intent,
      payload: {},
      path: `${intent}:0`,
      request: { method: 'POST', url: 'http://x//pc/custom_demand/list', headers: {}, body: '{}' },
      durationMs: 1,
      ...('failure' in outcome
        ? { failure: { kind: outcome.failure, message: outcome.failure } }
        : {
            response: { status: outcome.status, headers: {}, bodyText: JSON.stringify(outcome.body), json: { ok: true, value: outcome.body } },
          }),
    }) as Exchange;

  it('no conforming call answered, or every answer refused the token: unverified, with why', () => {
    expect(whyUnverified([exchange('conforming', { failure: 'timeout' }), exchange('conforming', { failure: 'aborted' })], true)).toBe(
      'none of 1 call got an answer (timeout)',
    );
    expect(whyUnverified([exchange('conforming', { status: 429, body: {} }), exchange('hostile', { status: 200, body: page })], true)).toContain(
      'none of 1 call got an answer (HTTP 429)',
    );
    expect(whyUnverified([exchange('conforming', { status: 200, body: failure('401', 'expired') })], true)).toContain('every answer refused the token');
  });

  it('answers cut short after their status line (a deadline mid-body, the body cap): unverified, not judged whole', () => {
    const cut = (kind: 'timeout' | 'body-too-large') =>
      ({ ...exchange('conforming', { status: 200, body: page }), failure: { kind, message: kind } }) as Exchange;
    expect(whyUnverified([cut('timeout'), cut('body-too-large')], true)).toBe(
      'none of 2 calls got an answer (HTTP 200, then timeout, HTTP 200, then body-too-large)',
    );
    expect(whyUnverified([cut('timeout'), exchange('conforming', { status: 200, body: page })], true)).toBeUndefined();
  });

  it('one answer whose data was checked: verified; where the documented data is an empty object, an error result is enough', () => {
    expect(whyUnverified([exchange('conforming', { failure: 'timeout' }), exchange('conforming', { status: 200, body: page })], true)).toBeUndefined();
    expect(whyUnverified([exchange('conforming', { status: 200, body: failure('404', 'no such demand') })], undefined)).toBeUndefined();
  });

  it('answers but no data checked where the operation documents records: unverified, with what came instead', () => {
    const why = whyUnverified(
      [exchange('conforming', { status: 200, body: failure('404', 'no such demand') }), exchange('conforming', { status: 200, body: failure('E9', 'busy') })],
      false,
    );
    expect(why).toContain('none of 2 answers carried data to check');
    expect(why).toContain('HTTP 200, code "404"; HTTP 200, code "E9"');
  });
});

describe('verificationOf: a lookup answered only with error results to ids the run guessed', () => {
  const byId = findOperation('consignee-by-id')!;
  const asked = (path: string, body: unknown): Exchange =>
    ({
      operation: byId,
      intent: 'conforming',
      payload: { id: 193 },
      path,
      request: { method: 'POST', url: 'http://x//pc/customer/consigneeInfoById', headers: {}, body: '{"id":193}' },
      durationMs: 1,
      response: { status: 200, headers: {}, bodyText: JSON.stringify(body), json: { ok: true, value: body } },
    }) as Exchange;
  const records = (exchanges: readonly Exchange[]) => exchanges.map((exchange, rank) => recordOf(exchange, rank));
  const verification = (exchanges: readonly Exchange[]) => {
    const all = records(exchanges);
    return verificationOf(
      byId,
      all.filter((call) => call.path.startsWith('conforming:')),
      all,
      false,
    );
  };

  it('not-found for a guessed id is a conforming answer: verified, its records named as unchecked with how to give an id', () => {
    const result = verification([asked('conforming:0', failure('404', 'no consignee has the id 193'))]);
    expect(result.unverified).toBeUndefined();
    expect(result.recordsUnchecked).toContain('consignee-list');
  });

  it('a record the list showed and the lookup did not find: still unverified', () => {
    const result = verification([
      asked('conforming:0', failure('404', 'no consignee has the id 193')),
      asked('listed:first:10:1:{"id":7}', failure('404', 'no consignee has the id 7')),
    ]);
    expect(result.unverified).toContain('none of 1 answer carried data');
    expect(result.recordsUnchecked).toBeUndefined();
  });

  it('the token refused, or a body that is not the envelope: still unverified', () => {
    expect(verification([asked('conforming:0', failure('401', 'expired'))]).unverified).toContain('refused the token');
    expect(verification([asked('conforming:0', { list: [] })]).unverified).toContain('carried data');
  });
});
