import { isPlainObject, resultData } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';
import { sentBody } from '../sent-body.js';

/** What servers and message gateways split a list of recipients on: commas and semicolons (ASCII or full-width), spaces. */
const SEPARATORS = /[,;，；\s]+/;
/** A phone number as written: digits with a leading +, hyphens or parentheses; 7 to 15 digits (E.164 allows 15). */
const PHONE = /^\+?[\d()-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a value reads as one phone number or one e-mail address. */
function recipientLike(value: unknown): boolean {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (EMAIL.test(text)) return true;
  const digits = text.replace(/\D/g, '').length;
  return PHONE.test(text) && digits >= 7 && digits <= 15;
}

/** The recipients a field holds: the elements of an array, or the pieces of a text between separators, that read as one each. */
function recipientsIn(value: unknown): unknown[] {
  const pieces: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(SEPARATORS) : [value];
  return pieces.filter(recipientLike);
}

export const severalRecipients: ExchangeCheck<'json'> = {
  id: 'several-recipients',
  scope: 'exchange',
  rule: '1, 4 #11, 8',
  quote: 'send an SMS code … /auth/send_code | mobile, source | empty object … Rate limits, maximum page size and other bounds: not shown.',
  standards: ['owasp-api4-operations-per-request'],
  severity: 'warning',
  title: 'One call sends a paid message to several recipients',
  description:
    'A call whose field naming the one recipient of a paid message (#11 send-code\'s `mobile`: "send an SMS code", 1) holds several phone numbers or e-mail addresses (listed with commas, semicolons or spaces, or as an array), answered as a success: one call, one message per recipient, each paid for (OWASP API4, a limit missing on the "Number of operations to perform in a single API client request", where "sending emails/SMS/phone calls" is paid per request). The coverage pass sends it (`several-recipients`). Not judged where the call is refused (an error result on evidence), or where the field holds one recipient: a number written with spaces (138 1234 5678) reads as none. A warning: no limit is documented ("Rate limits, maximum page size and other bounds: not shown", 8).',
  // A refused call is what the check asks for: judged and passed, not counted as "not judged".
  needs: 'json',
  intents: ['conforming', 'hostile'],
  appliesTo: (operation) => operation.recipientField !== undefined,
  run(exchange) {
    const field = exchange.operation.recipientField;
    const sent = sentBody(exchange);
    // An error result on evidence (see isErrorResult) is a refusal.
    if (field === undefined || !isPlainObject(sent) || !Object.hasOwn(sent, field) || !resultData(exchange)) return [];
    const recipients = recipientsIn(sent[field]);
    if (recipients.length < 2) return [];
    return [
      {
        instancePath: '',
        expected: `one recipient in ${field}, or the call refused`,
        actual: `${recipients.length} recipients in ${field} (${JSON.stringify(sent[field]).slice(0, 80)}), answered as a success`,
      },
    ];
  },
};
