import type { ExchangeCheck } from '../types.js';

export const responseReceived: ExchangeCheck = {
  id: 'response-received',
  scope: 'exchange',
  rule: '4 rule 1',
  quote: 'Each operation in the table answers HTTP 200 with the envelope of 2.1.',
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
