import { namesAPassword } from '../secret-names.js';
import type { EnvelopedCall } from '../call-record.js';
import type { AskedValue, CallRecord, OperationCheck } from '../types.js';

/**
 * How a field of a call was left without a value: null, or the empty string. (A field missing from
 * a call's outline may have been sent as an object or a long text, which the outline leaves out;
 * a password of spaces is one a server may take.)
 */
type Emptiness = 'null' | 'empty';

function emptinessOf(asked: Readonly<Record<string, AskedValue>>, field: string): Emptiness | undefined {
  if (!Object.hasOwn(asked, field)) return undefined;
  const value = asked[field];
  return value === null ? 'null' : value === '' ? 'empty' : undefined;
}

/** A call sent with the valid token and answered with an envelope: a generated call or one of the coverage pass. */
const judged = (call: CallRecord): call is EnvelopedCall =>
  (call.intent === 'conforming' || call.intent === 'hostile') && call.envelope !== undefined && call.bodyCut === undefined;

/** How a client tells answers apart before it reads their data: the status and the envelope's code. */
const kindOf = (call: CallRecord) => `HTTP ${call.status}, code ${JSON.stringify(call.envelope?.code)}`;

/** The one field a call left without a value, and how, where it sent every other field the operation's valid calls send, with a value. */
function onlyEmptied(call: CallRecord, fields: readonly string[]): { field: string; emptiness: Emptiness } | undefined {
  if (!fields.every((field) => Object.hasOwn(call.asked, field))) return undefined;
  const emptied = fields.flatMap((field) => {
    const emptiness = emptinessOf(call.asked, field);
    return emptiness ? [{ field, emptiness }] : [];
  });
  return emptied.length === 1 ? emptied[0] : undefined;
}

export const signInWithoutPassword: OperationCheck = {
  id: 'sign-in-without-password',
  scope: 'operation',
  rule: '4 #12',
  quote: '/pc/auth/login | mobile, password | empty object in the sample',
  standards: ['owasp-api2-implementation-flaws'],
  severity: 'warning',
  title: 'A sign-in without a password answered as no refusal is',
  description:
    'On an operation a member signs in with (#12 login), the coverage pass sends each field null and empty in turn. A call whose password alone is null or empty gets an answer that is no error result, and unlike every answer to a call whose mobile (another field) is null or empty, of which at least one was refused by evidence (an `error` with a value, or a refusal status): the server let the call past the password. Whoever knows a mobile number signs in as its member ("exploit implementation flaws to assume other user\'s identities", OWASP API2). A password of spaces is one a server may take. A server that refuses every such call alike, or that shows no refusal by evidence, is not judged. A warning: what login answers is not shown beyond its sample (4, 7).',
  appliesTo: (operation) => operation.signsIn === true,
  run(calls) {
    const fields = [...new Set(calls.filter((call) => call.intent === 'conforming').flatMap((call) => Object.keys(call.asked)))];
    const password = fields.find(namesAPassword);
    if (password === undefined || fields.length < 2) return [];
    const emptied = calls.filter(judged).flatMap((call) => {
      const only = onlyEmptied(call, fields);
      return only ? [{ call, ...only }] : [];
    });
    const others = emptied.filter((entry) => entry.field !== password).map((entry) => entry.call);
    const refused = others.find((call) => call.envelope.errorResult);
    if (!refused) return [];
    const refusals = new Set(others.map(kindOf));
    const passed = emptied.filter((entry) => entry.field === password && !entry.call.envelope.errorResult && !refusals.has(kindOf(entry.call)));
    const [first] = passed;
    if (!first) return [];
    return [
      {
        instancePath: '',
        expected: `a sign-in without ${password} refused, as a call without another field was (${kindOf(refused)})`,
        actual: `answered ${kindOf(first.call)}, no error result, with ${password} ${passed.map((entry) => entry.emptiness).join(', ')}`,
        calls: [refused, ...passed.map((entry) => entry.call)],
      },
    ];
  },
};
