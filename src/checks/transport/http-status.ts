import type { ExchangeCheck } from '../types.js';

/** 429 is a rate limit, which the spec leaves open (8); `rate-limited` reports it. */
const RATE_LIMITED = 429;

export const httpStatus: ExchangeCheck<'response'> = {
  id: 'http-status',
  scope: 'exchange',
  rule: '4 rule 1',
  quote: 'Each operation in the table answers HTTP 200 with the envelope of 2.1. … The only HTTP status given is 200, labelled as normal operation.',
  standards: ['rfc9110-6.4.1-no-content', 'rfc9110-15-status-range', 'rfc8259-9-accept-grammar'],
  severity: 'error',
  title: 'Unexpected HTTP status',
  description:
    'A valid request answered with any status but 200; any request answered with a 5xx. A 4xx for a malformed request is `http-status-client-error`\'s (a warning): statuses other than 200 are "not shown" (7), but crashing is never an answer.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const { status } = exchange.response;
    if (status === 200 || status === RATE_LIMITED) return [];
    if (exchange.intent === 'hostile' && status >= 400 && status < 500) return [];
    return [{ instancePath: '', expected: 'HTTP 200', actual: `HTTP ${status}`, params: { status, documentedStatus: 200 } }];
  },
};
