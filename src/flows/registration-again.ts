import { keepStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { ownMobile, ownPassword } from './_internals/own-account.js';
import type { Flow } from './flow.js';
import { answered, unanswered } from './records.js';

/** The id an answer's data names, where it names one. */
const namedId = (exchange: Exchange): unknown => resultData(exchange)?.id;

/** Register (4.1) a mobile of the flow's own → register it again with another password → login (#12) with the first password. */
export const registrationAgain: Flow = {
  id: 'flow-registration-again',
  group: 'member-account',
  title: "A second registration of a mobile answered with its member's id",
  description:
    "Registers a mobile of its own (140 and eight digits from the seed; the rest of the body the operation map's register body) with a password drawn for the run, then the same mobile again with another password, both calls without a token as a client without an account sends them, and then signs in (#12 login) with the first password. Both passwords are secrets of the run, kept out of everything the kit writes: the account is a real one on the server. A second registration answered as a success that names the member the first made means an unauthenticated call changed, or handed over, an account that exists: whoever knows a mobile number takes its member's account (\"exploit implementation flaws to assume other user's identities temporarily or permanently\", OWASP API2); a first password then refused shows it was overwritten. A refusal is what a server should answer; a success that names another member or none (a server that answers every registration alike, so as not to tell which mobiles have an account) is not judged a takeover. Where the first registration is refused (a code the map's body carries that the server does not take), there is nothing to judge. Only where an operation map places register. Warning: the spec shows only the operation's name (4.1).",
  rule: '4.1',
  quote: 'Account | register; login (see #12); log out | POST, POST, GET … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  operations: ['account-register', 'login'],
  async run(context) {
    const mobile = ownMobile(context.seed);
    const [password, another] = [ownPassword(), ownPassword()];
    const template = context.mappedBody('account-register');
    // The map's body holds what else a server asks of a registration (an SMS code, names): none, no registration to send.
    if (template === undefined) return { completed: false, reason: 'the operation map gives register no body', findings: [] };
    context.secret(password);
    context.secret(another);
    const body = { ...template, mobile, password };
    const first = await context.call('account-register', body, 'without-token');
    if (unanswered(first)) return { completed: false, reason: 'the first registration gave no answer', findings: [] };
    const member = answered(first) ? namedId(first) : undefined;
    if (typeof member !== 'string' && typeof member !== 'number')
      return { completed: false, reason: 'the first registration was not answered with the member it made', findings: [] };
    const again = await context.call('account-register', { ...body, password: another }, 'without-token');
    if (unanswered(again)) return { completed: false, reason: 'the second registration gave no answer', findings: [] };
    if (!answered(again) || namedId(again) !== member) return { completed: true, findings: [] };
    const signIn = await context.call('login', { mobile, password });
    const overwritten = !unanswered(signIn) && !answered(signIn);
    return {
      completed: true,
      findings: [
        {
          instancePath: '/data/id',
          expected: 'a registration of a mobile that has a member refused, or answered without naming that member',
          actual: `registered again with another password: answered with the member the first registration made${overwritten ? ', and the first password no longer signs in' : ''}`,
          exchange: again,
          steps: [first, again, signIn].map(keepStep),
        },
      ],
    };
  },
};
