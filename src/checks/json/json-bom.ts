import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const jsonBom: ExchangeCheck<'response'> = {
  id: 'json-bom',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-8.1-no-bom', 'rfc3629-6-bom'],
  severity: 'error',
  title: 'JSON response begins with a byte order mark',
  description:
    'A body that begins with a byte order mark (U+FEFF, the bytes EF BB BF): "Implementations MUST NOT add a byte order mark (U+FEFF) to the beginning of a networked-transmitted JSON text" (RFC 8259 §8.1), so the text is not JSON as the spec says responses are, and JSON.parse and other strict parsers refuse it. The body is judged past the mark by every other check, so a mark is this one deviation and nothing more.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    if (!exchange.response?.byteOrderMark) return [];
    return [{ instancePath: '', expected: 'a JSON body without a byte order mark (RFC 8259 §8.1)', actual: 'the body begins with U+FEFF (EF BB BF)' }];
  },
};
