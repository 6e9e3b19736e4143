import { answered, refusedToken, withTheToken } from '../call-record.js';
import { httpProbeOf } from '../http-probes.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

const answerOf = (call: CallRecord) => `HTTP ${call.status}${call.envelope ? `, code ${JSON.stringify(call.envelope.code)}` : ''}`;

export const pipelinedOrder: OperationCheck = {
  id: 'pipelined-order',
  scope: 'operation',
  ...clause('json-over-http'),
  standards: ['rfc9112-9.3.2-pipelined-order'],
  severity: 'warning',
  title: 'Answers to pipelined requests sent in another order than the requests',
  description:
    'The kit writes two requests at once on a connection of its own ("pipelining", RFC 9112 §9.3.2): the first valid call, then, before its answer has come, the same call without the authorization header. A server "MUST send the corresponding responses in the same order that the requests were received" (§9.3.2), and HTTP/1.1 "relies on the order of response arrival to correspond exactly to the order in which requests are made on the same connection" (§9.2): every client takes the first answer for the first request. Reported where the first answer refuses the token (HTTP 401 or 403, or code "401" or "403") and the second does not, though no call with the valid token was refused: the refusal of the call without a token, which a server answers at once, came ahead of the answer to the call that does the work, as a server that writes each answer the moment it completes sends them. A server that closes the connection after the first answer, leaving the second unanswered ("the client SHOULD retry unanswered requests"), or answers both alike, is no finding. A warning: the spec says nothing of connections. Not judged through a proxy, which holds the connection.',
  run(calls) {
    const first = calls.find((call) => httpProbeOf(call) === 'pipelined');
    const behind = calls.find((call) => httpProbeOf(call) === 'pipelinedWithoutToken');
    if (!first || !behind || !answered(first) || !answered(behind)) return [];
    // A token refused to the documented calls too is trouble of the token, not of the order.
    if (!refusedToken(first) || refusedToken(behind) || calls.some((call) => withTheToken(call) && refusedToken(call))) return [];
    return [
      {
        instancePath: '',
        expected: 'the answers in the order the requests came: the call with the token answered first, the one without it second (RFC 9112 §9.3.2)',
        actual: `the call with the token got ${answerOf(first)}, a refusal of the token, and the call without it, written behind it, got ${answerOf(behind)}`,
        calls: [first, behind],
      },
    ];
  },
};
