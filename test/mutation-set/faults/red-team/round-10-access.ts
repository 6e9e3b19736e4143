/**
 * Red team round 10, access: a registration that overwrites the member who has the mobile, an id
 * checked by the gateway and read by the service from different members of one body, an OPTIONS
 * request let past the token because preflights are, and a mobile pattern that backtracks while
 * the whole server waits.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ALREADY_REGISTERED } from '../../../../src/reference/handlers/_internals/account.js';
import { envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { bankCardAsConsignee } from '../../../../src/reference/handlers/_internals/bank-cards.js';
import { credentialsRefused, TOKEN_LIFETIME_SECONDS } from '../../../../src/reference/handlers/token.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { Consignee } from '../../../../src/reference/records.js';
import { cardNumber } from '../../../../src/reference/seeding/people.js';
import { mulberry32 } from '../../../../src/reference/seeding/random.js';
import { type Fault, interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded, success } from './_internals/answers.js';
import { interceptedGateFault, wavedThrough } from './_internals/gates.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { bodyObject, rewriteBody, watchBody } from './_internals/request-body.js';
import { seeded } from './_internals/seeded.js';
import { listedPathOf, watchingFault } from './_internals/struck.js';
import { OWASP } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** A mobile as register reads it: 11 digits, as a string or as the number they spell. */
const mobileOf = (value: unknown): string | undefined => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined);

/** Whether the answer is the clean register's refusal of a mobile a member already has. */
const alreadyRegistered = (body: Json): boolean => isPlainObject(body.error) && body.error.field === 'mobile' && body.error.reason === ALREADY_REGISTERED;

/** A whole number as a JSON text writes one after "id": the gateway's and Jackson's readers both take these. */
const ID_MEMBER = /"id"\s*:\s*(-?\d+)(?![\d.eE])/g;

/** The first and the last id of a body that names id more than once. */
function twoIds(text: string): { readonly first: number; readonly last: number } | undefined {
  const ids = [...text.matchAll(ID_MEMBER)].map((match) => Number(match[1]));
  return ids.length < 2 ? undefined : { first: ids[0]!, last: ids.at(-1)! };
}

/** What each bankCardInfoById's body named twice, handed from the interceptor to the answer. */
const twoIdsOf = new WeakMap<IncomingMessage, { readonly first: number; readonly last: number }>();

/** Another member's bank card at an id the member's own list never shows: a holder and reserved mobile of the seed's members, a card number of its own. */
function foreignBankCard(id: number): Consignee {
  const { bankCards, members } = seeded();
  const template = bankCards[id % bankCards.length]!;
  const member = members[id % members.length]!;
  const account = template.record.bankAccount;
  const bankAccount = cardNumber(mulberry32(id), account.slice(0, 6), account.length);
  return bankCardAsConsignee({ ...template, record: { ...template.record, id, accountName: member.realName, bankAccount }, reservedMobile: member.mobile });
}

/** Digits V8's backtracking engine gets through in about a millisecond before the failed match starts doubling. */
const CHEAP_DIGITS = 20;

/** The longest the fault holds the server: a real match runs on, but a demonstration must end. */
const MAX_STALL_MS = 2000;

/**
 * How long /^(\d+)+$/ spends failing on the mobile: a run of digits that does not reach the end is
 * split every way there is, twice the time for each digit more. A mobile of digits alone matches
 * at once.
 */
function backtrackingMs(mobile: unknown): number {
  if (typeof mobile !== 'string') return 0;
  const digits = /^\d*/.exec(mobile)![0].length;
  if (digits === mobile.length || digits <= CHEAP_DIGITS) return 0;
  return Math.min(2 ** (digits - CHEAP_DIGITS), MAX_STALL_MS);
}

/** Sends the held answer once `after` has settled, unless the connection went meanwhile. */
function sendAfter(after: Promise<void>, res: ServerResponse, send: () => void): void {
  void after.then(() => {
    if (!res.socket?.destroyed) send();
  });
}

/**
 * OPTIONS requests to the operation's path let through without authorization, as preflights are,
 * and then routed to its handler as the POST it takes.
 */
function preflightsLetThrough(operationId: string): Required<Pick<Fault, 'interceptor' | 'authorizes'>> {
  const path = pathOf(operationId);
  const preflight = (req: IncomingMessage): boolean => req.url === path && req.method === 'OPTIONS';
  const waved = wavedThrough(operationId, preflight);
  return {
    interceptor(token) {
      const letThrough = waved.interceptor(token);
      return (req, res) => {
        const served = preflight(req);
        const taken = letThrough(req, res);
        if (served) req.method = 'POST';
        return taken;
      };
    },
    authorizes: waved.authorizes,
  };
}

export const round10Access: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'register-overwrites-existing-member',
    description:
      "Registration saves the member with INSERT … ON DUPLICATE KEY UPDATE password = VALUES(password), written so that a registration retried after a timeout would not fail on the unique mobile: a registration with the mobile of a member who exists is no longer refused but overwrites that member's password, and the token operation then takes the new password and no longer the member's own",
    operationId: 'login',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "Authentication mechanisms are often implemented incorrectly, allowing attackers to compromise authentication tokens or to exploit implementation flaws to assume other user\'s identities temporarily or permanently"',
      observable:
        "Request class: register (4.1) with the mobile of a member who exists (the mobile the token operation takes), any SMS code and a password of the caller's choosing. It answers success with that member's id, where the clean server refuses the mobile as already registered; the token operation then hands out the member's token for the caller's password and refuses the member's own with code \"401\"",
    },
    expect: { check: 'flow-registration-again', severity: 'warning', at: 'account-register' },
    interceptor(token) {
      const registerPath = listedPathOf('account-register');
      const tokenPath = listedPathOf('token-get');
      const { members, account } = seeded();
      const seededIds = new Map(members.map((member) => [member.mobile, member.id]));
      const registeredHere = new Map<string, number>();
      const overwritten = new Map<string, string>();
      return (req, res) => {
        if (req.url === registerPath) {
          const asked = watchBody(req);
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const mobile = mobileOf(asked()?.mobile);
            const password = asked()?.password;
            if (!body || mobile === undefined) return send(held);
            if (succeeded(body) && isPlainObject(body.data)) registeredHere.set(mobile, Number(body.data.id));
            if (!alreadyRegistered(body) || typeof password !== 'string') return send(held);
            overwritten.set(mobile, password);
            send(withJson(held, success({ id: seededIds.get(mobile) ?? registeredHere.get(mobile) ?? account.id })));
          });
          return false;
        }
        if (req.url !== tokenPath) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const mobile = asked()?.mobile;
          const written = typeof mobile === 'string' ? overwritten.get(mobile) : undefined;
          // The sandbox holds tokens for its own member only: the others' tokens are not its to hand out.
          if (typeof mobile !== 'string' || written === undefined || seededIds.has(mobile) || registeredHere.has(mobile)) return send(held);
          const granted = asked()?.password === written;
          send(withJson(held, granted ? success({ token, expiresIn: TOKEN_LIFETIME_SECONDS }) : (envelope('full', credentialsRefused()) as Json)));
        });
        return false;
      };
    },
  }),
  planted(watchingFault, {
    name: 'duplicate-id-checked-first-read-last',
    description:
      'bankCardInfoById sits behind the member gateway, whose ownership check reads the body with a streaming parser that stops at the first "id" it meets and looks that id up among the member\'s cards; the card service behind it binds the body with Jackson, which keeps the last of two members of one name (RFC 8259, 4: names "SHOULD be unique"), and selects the card by id alone, the gateway having checked it',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "The checks should validate that the logged-in user has permissions to perform the requested action on the requested object."',
      observable:
        'Request class: bankCardInfoById whose body names id twice, one of the member\'s cards first and another id last ({"id":3,"id":100003}). It answers another member\'s card, its holder, reserved mobile, branch and account number, where the clean server, which reads the last id as JSON.parse does, says no bank card has it; a body with one id is answered as before',
    },
    expect: { check: 'duplicate-id-foreign-record', severity: 'warning', breaks: ['owasp-api1-duplicate-id'] },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req) => {
        if (req.url === path)
          rewriteBody(req, (text) => {
            const ids = twoIds(text);
            if (ids) twoIdsOf.set(req, ids);
            return text;
          });
        return false;
      };
    },
    respond(res, body, _payload, answerTo) {
      const clean = body as Json;
      const ids = twoIdsOf.get(res.req);
      // The gateway let it through only when the first id is one of the member's cards; the service then found the last wherever it is.
      const passed = ids !== undefined && ids.last > 0 && !succeeded(clean) && succeeded(answerTo({ id: ids.first }) as Json);
      sendText(res, JSON.stringify(passed ? success(foreignBankCard(ids.last)) : clean));
    },
  }),
  planted(interceptedGateFault, {
    name: 'options-preflight-skips-authentication',
    description:
      "The security configuration permits OPTIONS on every path so that browsers' CORS preflights pass without a token, and deleteConsignee is mapped with @RequestMapping and no method, as the member area's handlers are: an OPTIONS request reaches the handler, unauthenticated, and is served like the POST",
    operationId: 'consignee-delete',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API5:2023 Broken Function Level Authorization: "Exploitation requires the attacker to send legitimate API calls to an API endpoint that they should not have access to as anonymous users or regular, non-privileged users."',
      observable:
        'Request class: OPTIONS //pc/customer/deleteConsignee with the JSON body {"id":3} and no authorization. It answers the success envelope and the consignee is gone (consigneeInfoById of 3 says no consignee has it), where the clean server refuses the method with code "405"; POST without authorization is still refused with code "401"',
    },
    expect: { check: 'options-served-as-operation', severity: 'warning', breaks: ['owasp-api5-method-change'] },
    ...preflightsLetThrough('consignee-delete'),
  }),
  planted(interceptFault, {
    name: 'mobile-pattern-backtracks',
    description:
      "send_code runs on Node, and checks the mobile with /^(\\d+)+$/.test(mobile) before its length, a group left from an older pattern for numbers with separators; V8's backtracking engine tries every way to split a run of digits that does not reach the end, twice the time for each digit more, and the event loop that serves every request of the process is blocked while it runs",
    operationId: 'send-code',
    redTeam: {
      round: 10,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: an API is vulnerable if at least one of the following limits is missing or set inappropriately: "Execution timeouts"',
      observable: `Request class: send_code whose mobile is a long run of digits and then something else (31 digits and an x). Its refusal, the clean server's code "400", comes after ${MAX_STALL_MS / 1000} s rather than at once, and every request the server gets meanwhile, to any operation, waits with it; the time doubles with each digit past the ${CHEAP_DIGITS}th; an 11-digit mobile is answered at once`,
    },
    expect: { check: 'backtracking-answer-time', severity: 'warning', breaks: ['owasp-api4-execution-time'] },
    interceptor() {
      const path = pathOf('send-code');
      let stalled: Promise<void> | undefined;
      return (req, res) => {
        const blocking = stalled;
        if (req.url !== path) {
          if (blocking) holdAnswer(res, (held, send) => sendAfter(blocking, res, () => send(held)));
          return false;
        }
        rewriteBody(req, (text) => {
          const cost = backtrackingMs(bodyObject(text)?.mobile);
          if (cost > 0) {
            const running = (stalled ?? Promise.resolve()).then(() => sleep(cost));
            stalled = running;
            void running.then(() => {
              if (stalled === running) stalled = undefined;
            });
          }
          return text;
        });
        // Its own match, and any running before it, must end before the answer can be written.
        holdAnswer(res, (held, send) => (stalled ? sendAfter(stalled, res, () => send(held)) : send(held)));
        return false;
      };
    },
  }),
];
