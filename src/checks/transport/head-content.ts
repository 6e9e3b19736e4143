import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const headContent: ExchangeCheck<'response'> = {
  id: 'head-content',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-9.3.2-head'],
  severity: 'warning',
  title: 'Content sent after the answer to a HEAD',
  description:
    'The kit sends HEAD to each operation\'s path (after the first valid call, on the same connection) and the server sent octets after the answer\'s header section: "The HEAD method is identical to GET except that the server MUST NOT send content in the response" (RFC 9110 §9.3.2), and a response to HEAD has no message body whatever its header fields say (RFC 9112 §6.3). A client that reuses the connection reads those octets as the start of its next answer. Whatever the status, a refusal included; octets that begin with a status line are a second answer, `unsolicited-answer`. A warning: section 4 documents no HEAD.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const octets = exchange.connection?.octetsAfterAnswer ?? 0;
    // Octets that begin with a status line are a second answer, not content: unsolicited-answer's.
    if (exchange.request.method !== 'HEAD' || octets === 0 || exchange.connection?.statusLineAfterAnswer !== undefined) return [];
    const count = exchange.connection?.octetsAfterAnswerBeyondCap ? `more than ${octets} octets (the kit stopped reading at --max-body)` : `${octets} octets`;
    return [
      {
        instancePath: '',
        expected: 'no content after the header section of an answer to HEAD (RFC 9110 §9.3.2)',
        actual: `HTTP ${exchange.response.status} to HEAD, then ${count} before the connection closed`,
      },
    ];
  },
};
