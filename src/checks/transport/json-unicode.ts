import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const jsonUnicode: ExchangeCheck<'json'> = {
  id: 'json-unicode',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-8.1-utf8', 'rfc7493-2.1-utf8', 'rfc3629-3-surrogates', 'rfc3629-3-octets'],
  severity: 'error',
  title: 'JSON response is not valid UTF-8',
  description:
    'A response body that parses as JSON only once its malformed bytes are replaced: JSON exchanged between systems "MUST be encoded using UTF-8" (RFC 8259 §8.1), so bytes that are not well-formed UTF-8 make it something other than JSON, and clients that decode strictly refuse it.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    if (!exchange.response?.invalidUtf8) return [];
    return [{ instancePath: '', expected: 'a JSON body encoded as UTF-8 (RFC 8259 §8.1)', actual: 'bytes that are not well-formed UTF-8' }];
  },
};
