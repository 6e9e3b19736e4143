import { httpProbeOf, OVERSIZED_PADDING } from '../http-probes.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

/** HTTP 200 and no error result: the server says it did what the call asked. */
const done = (call: CallRecord): boolean => call.status === 200 && call.envelope !== undefined && !call.envelope.errorResult && !call.bodyCut;

const answerOf = (call: CallRecord) => `HTTP ${call.status}, code ${JSON.stringify(call.envelope?.code)}`;

export const codedBodyPastLimit: OperationCheck = {
  id: 'coded-body-past-limit',
  scope: 'operation',
  ...clause('bounds-not-shown'),
  standards: ['owasp-api4-payload-size'],
  severity: 'warning',
  title: 'A body over the size the server refuses answered once gzip-coded',
  description: `Of one operation a run (the first that reads with a POST), the kit sends the first valid call again with ${OVERSIZED_PADDING / 1024 / 1024} MiB of spaces after its JSON, the same value (RFC 8259 2), and, where that is refused for its size (HTTP 413, or code "413"), the same text gzip-coded with \`Content-Encoding: gzip\` (RFC 9110 8.4), which crosses the wire as a few kilobytes. The coded call is answered as a success: the server measures a body by the bytes that arrive and inflates them without a bound, so that a client sends what its limit refuses, a thousand times over, in a body that passes it, and the server holds it all in memory (OWASP API4: an API is vulnerable if a limit is "missing or set inappropriately", among them "Maximum allocable memory" and "Maximum upload file size"). A refusal, the same size refusal or another (a server that takes no coded bodies, RFC 9110 15.5.16), is right. A warning: the spec shows no bounds (8).`,
  run(calls) {
    const plain = calls.find((call) => httpProbeOf(call) === 'oversized');
    const coded = calls.find((call) => httpProbeOf(call) === 'oversizedGzip' && done(call));
    if (!plain || done(plain) || !coded) return [];
    return [
      {
        instancePath: '',
        expected: `the gzip-coded body refused as the same text sent as it is was (${answerOf(plain)})`,
        actual: `the same text gzip-coded answered as a success (${answerOf(coded)}): inflated past the limit set on the bytes that cross the wire`,
        calls: [plain, coded],
      },
    ];
  },
};
