import { describe, expect, it } from 'vitest';
import { recordSecrets } from '../../src/checks/hygiene/record-secrets.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf, samplePayload } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const context = { validator: createValidator() };

/** The send-code answer (#11) with these members in its data. */
function sendCodeWith(data: Record<string, unknown>) {
  const payload = samplePayload('send-code');
  return exchangeOf('send-code', { payload, body: { ...cleanBody('send-code', payload), data } });
}

describe('record-secrets: a one-time code in an answer', () => {
  it('the code send-code just sent, under any of its usual names, is one finding each', () => {
    for (const name of ['verifyCode', 'sms_code', 'otp', 'captcha', 'verificationCode']) {
      expect(runCheck(recordSecrets, sendCodeWith({ [name]: '482913' }), context).map((finding) => finding.instancePath)).toEqual([`/data/${name}`]);
    }
  });

  it('stays quiet on codes that name things, on a masked code and on the envelope code', () => {
    expect(runCheck(recordSecrets, sendCodeWith({ productCode: 'A100001', pCode: 'B2', codeSentAt: '2026-11-22', verifyCode: '******' }), context)).toEqual([]);
    expect(runCheck(recordSecrets, sendCodeWith({}), context)).toEqual([]);
  });
});
