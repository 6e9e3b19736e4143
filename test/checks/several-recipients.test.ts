import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { severalRecipients } from '../../src/checks/abuse/several-recipients.js';
import type { Exchange } from '../../src/checks/types.js';
import { coverageRequests } from '../../src/generators/coverage/requests.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';
import { judgeAsTheJudgeDoes } from '../support/run-check.js';

const context = { validator: createValidator() };
const success = cleanBody('send-code', { mobile: '13812345678', source: 1 });

const judged = (exchange: Exchange) => judgeAsTheJudgeDoes(severalRecipients, exchange, context);

/** A send-code with this mobile, answered as a success (or with `body`). */
const sendCode = (mobile: unknown, body: unknown = success) => exchangeOf('send-code', { intent: 'hostile', payload: { mobile, source: 1 }, body });

describe('several-recipients', () => {
  it('reports every form the coverage pass sends, answered as a success, once each', () => {
    const sent = coverageRequests('send-code').filter((request) => request.classId === 'several-recipients');
    expect(sent).toHaveLength(4);
    for (const request of sent) {
      const exchange = exchangeOf('send-code', { intent: 'hostile', payload: JSON.parse(request.body), body: success });
      expect(judged(exchange), request.description).toMatchObject([{ instancePath: '' }]);
    }
  });

  it('stays quiet on every form the clean reference server answers: it refuses them', () => {
    for (const request of coverageRequests('send-code').filter((each) => each.classId === 'several-recipients')) {
      const payload = JSON.parse(request.body);
      expect(judged(exchangeOf('send-code', { intent: 'hostile', payload, body: cleanBody('send-code', payload) })), request.description).toEqual([]);
    }
  });

  it('reads e-mail addresses, full-width separators and numbers with a country code as recipients', () => {
    expect(judged(sendCode('a@lab.example; b@lab.example'))).toHaveLength(1);
    expect(judged(sendCode('13812345678，13912345678'))).toHaveLength(1);
    expect(judged(sendCode('+8613812345678 +8613912345678'))).toHaveLength(1);
  });

  it('no false alarm: one number however written (spaces, hyphens, a country code), a list refused, or a list of what is no recipient', () => {
    for (const mobile of ['13812345678', ' 13812345678 ', '138 1234 5678', '+86 138-1234-5678', 13812345678, ['13812345678'], '1,2', 'A,B']) {
      expect(judged(sendCode(mobile)), JSON.stringify(mobile)).toEqual([]);
    }
    const refused = { data: {}, status: 'fail', code: '400', message: 'mobile: one number only', error: { field: 'mobile' } };
    expect(judged(sendCode('13812345678,13912345678', refused))).toEqual([]);
    // A refusal with HTTP 400 and nothing in error is an error result on evidence too.
    expect(
      judged(
        exchangeOf('send-code', { intent: 'hostile', payload: { mobile: '13812345678,13912345678', source: 1 }, status: 400, body: { data: {}, error: {} } }),
      ),
    ).toEqual([]);
  });

  it("judges the operations whose request names a paid message's one recipient: #11", () => {
    expect(operations.filter((operation) => severalRecipients.appliesTo!(operation)).map((operation) => operation.number)).toEqual([11]);
  });
});
