import { answerKind, askedAlike, succeeded } from '../call-record.js';
import { httpProbeOf } from '../http-probes.js';
import type { OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

export const getQueryAnswered: OperationCheck = {
  id: 'get-query-answered',
  scope: 'operation',
  ...clause('post-unless-marked'),
  standards: ['owasp-api8-unneeded-features'],
  severity: 'warning',
  title: 'A GET with the fields in the query answered as the POST',
  description:
    'The kit sends a GET to the path of each POST operation with the first valid call\'s fields as the query (`?id=3`: strings, numbers and booleans as written, nulls left out; not sent where a field holds an object or an array, or a password, a token or a one-time code, which the kit never writes into a URL) and the token, and the server answered it as it answers the documented POST: a success with the same status and code, carrying records where the POST did. The path takes a method section 4 does not give it, and binds the call\'s fields from a URL that access logs, proxies and browser histories keep, ids and personal data with them: "Unnecessary features are enabled (e.g. HTTP verbs, logging features)" (OWASP API8:2023). A refusal (404, 405, an error result) is right, and is what the clean server answers. A warning: which methods a path must refuse is not shown.',
  appliesTo: (operation) => operation.method === 'POST',
  run(calls) {
    const probe = calls.filter(succeeded).find((call) => httpProbeOf(call) === 'getQuery' && !call.bodyCut);
    if (!probe) return [];
    const documented = calls.find(
      (call) =>
        call.intent === 'conforming' &&
        succeeded(call) &&
        askedAlike(call, probe) &&
        answerKind(call) === answerKind(probe) &&
        (call.envelope.records === 0 || probe.envelope.records > 0),
    );
    if (!documented) return [];
    const records = probe.envelope.records;
    return [
      {
        instancePath: '',
        expected: 'a GET of a path section 4 gives POST refused (HTTP 405 with Allow, 404, or an error result)',
        actual: `GET ${probe.wirePath} answered as the POST with the same fields is: HTTP ${probe.status}, code ${JSON.stringify(probe.envelope.code)}${records > 0 ? `, ${records} record${records === 1 ? '' : 's'}` : ''}`,
        calls: [documented, probe],
      },
    ];
  },
};
