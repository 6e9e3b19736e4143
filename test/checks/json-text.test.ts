import { describe, expect, it } from 'vitest';
import { jsonCodePoints } from '../../src/checks/json/json-code-points.js';
import { jsonDuplicateNames } from '../../src/checks/json/json-duplicate-names.js';
import { jsonNumberPrecision } from '../../src/checks/json/json-number-precision.js';
import { jsonContentType } from '../../src/checks/transport/json-content-type.js';
import type { AnyExchangeCheck } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();

/** The places a check finds fault with in an answer whose `data` is written as this JSON text. */
function placesIn(check: AnyExchangeCheck, data: string): string[] {
  const exchange = exchangeOf('custom-demand-delete', { body: `{"data":${data},"status":"success","code":"200","message":"ok","error":{}}` });
  return runCheck(check, exchange, { validator }).map((finding) => `${finding.instancePath}${finding.occurrences ? ` ×${finding.occurrences}` : ''}`);
}

describe('json-duplicate-names reads names as a parser does', () => {
  it('finds a name written twice, escaped or not, at the member', () => {
    expect(placesIn(jsonDuplicateNames, '{"id":1,"\\u0069d":2}')).toEqual(['/data/id']);
    expect(placesIn(jsonDuplicateNames, '{"list":[{"id":1},{"id":2,"note":"a","note":"b"}]}')).toEqual(['/data/list/1/note']);
  });

  it('folds the same duplicate in every record of a list into one finding with its count', () => {
    expect(placesIn(jsonDuplicateNames, '{"list":[{"id":1,"id":1},{"id":2,"id":2},{"id":3,"id":3}]}')).toEqual(['/data/list/0/id ×3']);
  });

  it('stays quiet on one name in two objects, names that differ in case, and colons or quotes inside strings', () => {
    expect(placesIn(jsonDuplicateNames, '{"a":{"id":1},"b":{"id":1},"Id":2,"id":3}')).toEqual([]);
    expect(placesIn(jsonDuplicateNames, '{"note":"key\\":\\"value, \\"id\\": 2","id":1}')).toEqual([]);
  });
});

describe('json-number-precision', () => {
  it('finds integers past ±(2^53 − 1), magnitudes past a double and digits a double drops, where they are', () => {
    expect(placesIn(jsonNumberPrecision, '{"id":9007199254740992}')).toEqual(['/data/id']);
    expect(placesIn(jsonNumberPrecision, '{"list":[{"n":1},{"n":1E400}]}')).toEqual(['/data/list/1/n']);
    expect(placesIn(jsonNumberPrecision, '{"tiny":1e-400}')).toEqual(['/data/tiny']);
    expect(placesIn(jsonNumberPrecision, '{"pi":3.141592653589793238462643383279}')).toEqual(['/data/pi']);
  });

  it('stays quiet on numbers a double holds, however written, and on long digits inside strings', () => {
    expect(placesIn(jsonNumberPrecision, '{"a":9007199254740991,"b":-9007199254740991,"c":1285.50000000000000000000,"d":1.7976931348623157e308}')).toEqual([]);
    expect(placesIn(jsonNumberPrecision, '{"a":0.1,"b":-0,"c":2.5E-3,"d":0.30000000000000004,"account":"6222021234567890123456"}')).toEqual([]);
  });
});

describe('json-code-points', () => {
  it('finds lone surrogates and noncharacters, escaped or not, in values and member names', () => {
    expect(placesIn(jsonCodePoints, '{"remark":"cut \\ud83e"}')).toEqual(['/data/remark']);
    expect(placesIn(jsonCodePoints, '{"remark":"\\uFDD0"}')).toEqual(['/data/remark']);
    expect(placesIn(jsonCodePoints, '{"remark":"\uFFFF"}')).toEqual(['/data/remark']);
    expect(placesIn(jsonCodePoints, '{"\\udc00":1}')).toEqual(['/data']);
  });

  it('stays quiet on surrogate pairs, written or escaped, and on the replacement character', () => {
    expect(placesIn(jsonCodePoints, '{"remark":"🧪 \\ud83e\\uddea \\ufffd \uFFFD 𠜎"}')).toEqual([]);
  });
});

describe('json-content-type: the media type as RFC 9110 writes it', () => {
  const labelled = (contentType: string) =>
    exchangeOf('consignment-publish', { headers: { 'content-type': contentType, date: 'Sun, 22 Nov 2026 02:00:00 GMT' } });
  const judge = (contentType: string) => runCheck(jsonContentType, labelled(contentType), { validator: createValidator() }).length;

  it('a parameter without its "=" is no media type', () => {
    expect(judge('application/json; charset:utf-8')).toBe(1);
    expect(judge('application/json; charset')).toBe(1);
  });

  it('the forms servers send and the grammar allows stay quiet: case, spaces, quotes, no parameter', () => {
    for (const contentType of [
      'application/json',
      'application/json;charset=UTF-8',
      'Application/JSON; Charset=UTF-8',
      'application/json; charset="utf-8"',
      'application/problem+json',
    ])
      expect(judge(contentType), contentType).toBe(0);
  });
});
