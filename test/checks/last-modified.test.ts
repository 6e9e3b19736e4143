/** last-modified: an HTTP-date (RFC 9110 §8.8.2, §5.6.7) no later than the Date of the same answer (§8.8.2.1). */
import { describe, expect, it } from 'vitest';
import { lastModified } from '../../src/checks/headers/last-modified.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
const findings = (headers: Record<string, string>) =>
  runCheck(lastModified, exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', ...headers } }), { validator });

describe('last-modified', () => {
  it('eight hours after the Date: local time in China labelled GMT', () => {
    const [finding] = findings({ date: 'Sun, 22 Nov 2026 02:15:00 GMT', 'last-modified': 'Sun, 22 Nov 2026 10:15:00 GMT' });
    expect(finding?.actual).toBe('last-modified: Sun, 22 Nov 2026 10:15:00 GMT, 8 h after date: Sun, 22 Nov 2026 02:15:00 GMT');
  });

  it('one second after the Date is later too', () => {
    expect(findings({ date: 'Sun, 22 Nov 2026 02:15:00 GMT', 'last-modified': 'Sun, 22 Nov 2026 02:15:01 GMT' })).toHaveLength(1);
  });

  it('not an IMF-fixdate: an ISO 8601 date, the obsolete RFC 850 form; judged with or without a Date', () => {
    expect(findings({ 'last-modified': '2026-11-22T02:00:00Z' })).toHaveLength(1);
    expect(findings({ date: 'Sun, 22 Nov 2026 02:15:00 GMT', 'last-modified': 'Sunday, 22-Nov-26 02:00:00 GMT' })).toHaveLength(1);
  });

  it('no false alarm: at or before the Date; no Date, or one that is no IMF-fixdate, to weigh it against', () => {
    expect(findings({ date: 'Sun, 22 Nov 2026 02:15:00 GMT', 'last-modified': 'Sun, 22 Nov 2026 02:15:00 GMT' })).toEqual([]);
    expect(findings({ date: 'Sun, 22 Nov 2026 02:15:00 GMT', 'last-modified': 'Tue, 15 Nov 1994 12:45:26 GMT' })).toEqual([]);
    expect(findings({ 'last-modified': 'Sun, 22 Nov 2026 10:15:00 GMT' })).toEqual([]);
    expect(findings({ date: '2026-11-22T02:15:00Z', 'last-modified': 'Sun, 22 Nov 2026 10:15:00 GMT' })).toEqual([]);
  });

  it('judges the answers of the HTTP probes too, where Last-Modified comes back in If-Modified-Since', () => {
    expect(lastModified.intents).toEqual(expect.arrayContaining(['conforming', 'hostile', 'http-probe']));
  });
});
