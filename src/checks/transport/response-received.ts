import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const responseReceived: ExchangeCheck<'exchange'> = {
  id: 'response-received',
  scope: 'exchange',
  ...clause('answers-200-envelope'),
  standards: [
    'rfc9110-5.3-one-field-line',
    'rfc9110-5.5-no-cr-lf-nul',
    'rfc9110-6.4.1-no-content',
    'rfc9110-8.6-content-length',
    'rfc9110-15-status-range',
    'rfc9112-2.2-crlf',
    'rfc9112-4-status-line',
    'rfc9112-5.1-no-whitespace-before-colon',
    'rfc9112-5.2-obs-fold',
    'rfc9112-6.2-length-beside-chunked',
    'rfc9112-6.3-invalid-length',
    'rfc9112-6.3-incomplete',
    'rfc9112-7.1-chunked',
    'rfc8259-9-accept-grammar',
  ],
  severity: 'error',
  title: 'No complete response',
  description: 'A timeout, a reset, a refused connection or a body over the cap leaves the operation unanswered.',
  needs: 'exchange',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    if (!exchange.failure) return [];
    return [
      {
        instancePath: '',
        expected: 'a complete HTTP response',
        actual: `${exchange.failure.kind}: ${exchange.failure.message}`,
      },
    ];
  },
};
