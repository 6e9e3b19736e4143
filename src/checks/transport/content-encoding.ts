import type { ExchangeCheck } from '../types.js';

export const contentEncoding: ExchangeCheck = {
  id: 'content-encoding',
  scope: 'exchange',
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
  standards: ['rfc9110-8.4-codings-listed', 'rfc9110-12.5.3-acceptable-coding'],
  severity: 'warning',
  title: 'Content-Encoding does not match the body',
  description:
    'A Content-Encoding the body is not in (a "gzip" label on plain bytes, a broken stream), or one the kit did not ask for. The spec says nothing of compression, so this is a warning: the body is judged as received, and a client that trusts the header cannot read it. Judged on the HTTP probes the pool sends too, which ask for codings as every call does; a call on the kit\'s own connection asks for none, so any coding is acceptable to it (RFC 9110 §12.5.3).',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const problem = exchange.response?.encodingProblem;
    if (problem === undefined) return [];
    return [{ instancePath: '', expected: 'a body in the coding its content-encoding names (gzip, deflate or br, as asked)', actual: problem }];
  },
};
