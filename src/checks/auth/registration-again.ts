import { REGISTRATION } from '../../catalogue/listed-operations.js';
import { succeeded } from '../call-record.js';
import { namesAPassword } from '../secret-names.js';
import type { CallRecord, OperationCheck } from '../types.js';

/** A valid registration answered with the member it names: what a second one with another password is compared with. */
const namingSuccess = (call: CallRecord) => call.intent === 'conforming' && call.bodyCut === undefined && succeeded(call) && call.envelope!.namedId !== undefined;

/** Whether two calls asked the same in every field but those that name a password, and differ in one of those. */
function anotherPasswordOnly(a: CallRecord, b: CallRecord): boolean {
  const fields = new Set([...Object.keys(a.asked), ...Object.keys(b.asked)]);
  const passwords = [...fields].filter(namesAPassword);
  const same = (field: string) => Object.hasOwn(a.asked, field) && Object.hasOwn(b.asked, field) && a.asked[field] === b.asked[field];
  return passwords.some((field) => !same(field)) && [...fields].every((field) => namesAPassword(field) || same(field));
}

export const registrationAgain: OperationCheck = {
  id: 'registration-takes-member',
  scope: 'operation',
  rule: '4.1',
  quote: 'Account | register; login (see #12); log out | POST, POST, GET … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: ['owasp-api2-implementation-flaws'],
  severity: 'warning',
  title: "A second registration of a mobile answered with its member's id",
  description:
    "On the registration of 4.1 (register), where the kit's valid registration succeeded and named the member it made, the kit registers the same body again with another password. An answer that succeeds naming the same member means an unauthenticated call changed, or handed over, an account that exists: whoever knows a mobile number takes its member's account (\"exploit implementation flaws to assume other user's identities temporarily or permanently\", OWASP API2). A refusal is what a server should answer; a success that names another member or none (a server that answers every registration alike, so as not to tell which mobiles have an account) is not judged a takeover. The second registration goes out only after the kit's own succeeded, so it touches no member but the one the run made, and never in a --read-only run. A warning: the spec shows only the operation's name (4.1).",
  appliesTo: (operation) => operation.id === REGISTRATION,
  run(calls) {
    const named = calls.filter(namingSuccess);
    for (const [index, first] of named.entries()) {
      const again = named.slice(index + 1).find((call) => call.envelope!.namedId === first.envelope!.namedId && anotherPasswordOnly(first, call));
      if (again)
        return [
          {
            instancePath: '/data/id',
            expected: 'a registration of a mobile that has a member refused, or answered without naming that member',
            actual: `registered again with another password: HTTP ${again.status}, naming the member the first registration made`,
            calls: [first, again],
          },
        ];
    }
    return [];
  },
};
