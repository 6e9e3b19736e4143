import { answered, askedAlike } from '../call-record.js';
import { httpProbeOf, NO_CODING } from '../http-probes.js';
import type { OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

export const varyAcceptEncoding: OperationCheck = {
  id: 'vary-accept-encoding',
  scope: 'operation',
  ...clause('json-over-http'),
  standards: ['rfc9110-12.5.5-vary'],
  severity: 'warning',
  title: 'A content coding chosen by Accept-Encoding without Vary',
  description: `The first valid call, sent with \`Accept-Encoding: gzip, deflate, br\` as ordinary clients send it, came in a content coding (gzip, say), and the same call again refusing every coding (\`Accept-Encoding: ${NO_CODING}\`, the HTTP probe on a connection of its own) came in none: the server chooses the coding by the request, and its coded answer has no Vary listing Accept-Encoding. "An origin server SHOULD send a Vary header field when its algorithm for selecting a representation varies based on aspects of the request message other than the method and target URI" (RFC 9110 §12.5.5): without it a shared cache may hand the coded bytes to a client that never asked for them. A server that codes every answer alike, or says \`Vary: Accept-Encoding\` (or \`*\`), is right. A warning: the standard says SHOULD, and the spec says nothing of compression. Not judged through a proxy, which holds the connection the probe needs.`,
  run(calls) {
    const plain = calls.find((call) => httpProbeOf(call) === 'persistent' && answered(call) && call.coding === undefined);
    if (!plain) return [];
    const coded = calls.find((call) => call.intent === 'conforming' && answered(call) && call.coding?.varies === false && askedAlike(call, plain));
    if (!coded?.coding) return [];
    return [
      {
        instancePath: '',
        expected: 'Vary: Accept-Encoding on an answer whose coding the request chose (RFC 9110 §12.5.5)',
        actual: `content-encoding: ${coded.coding.codings} without Vary naming Accept-Encoding, where the same call refusing every coding came in none`,
        calls: [coded, plain],
      },
    ];
  },
};
