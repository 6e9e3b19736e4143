/**
 * Red team round 12, access, by the OWASP API Top 10: a token compared over the length the caller
 * sent, a login that keeps the password in a remember-me cookie, a new password taken past the
 * rules registration holds it to, a refused registration that names the member who has the mobile,
 * and a token operation that takes a batch of guesses in one request.
 */
import { ALREADY_REGISTERED } from '../../../../src/reference/handlers/_internals/account.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type Fault, type FaultFacts, gateFault, interceptFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded, success } from './_internals/answers.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { bodyObject, rewriteBody, watchBody } from './_internals/request-body.js';
import {
  asJson,
  BEARER,
  lombokString,
  memberHolding,
  mobileOf,
  type NamedMember,
  outsidePasswordRule,
  PASSED_ON,
  REMEMBER_ME,
  REMEMBER_ME_SECONDS,
  rememberMeValue,
  sameOverGivenLength,
} from './_internals/round-12-access.js';
import { OWASP } from './_internals/standards.js';
import { listedPathOf } from './_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Whether the answer is the clean register's refusal of a mobile a member already has. */
const alreadyRegistered = (body: Json): boolean => isPlainObject(body.error) && body.error.field === 'mobile' && body.error.reason === ALREADY_REGISTERED;

/**
 * A fault at the token operation (4.1) for the calls whose body is a JSON array, reported at login
 * (#12), the section 4 operation of signing in: `respond` gets the clean answer to each element.
 */
function batchedSignInFault(facts: FaultFacts & { respond: Fault['respond'] }): Fault {
  return { ...socketFault(facts), strikes: (operation, payload) => operation.id === 'token-get' && Array.isArray(payload) };
}

export const round12Access: readonly PlantedFault[] = [
  planted(gateFault, {
    name: 'token-compared-over-presented-length',
    description:
      "The authentication filter strips the word bearer and compares the rest with the member's token in a hand-written constant-time loop, written after a review flagged String.equals as leaking timing: it XORs the characters the caller sent with the stored token's and ORs the differences, over the length of what was sent, without first checking that the two lengths agree (what crypto.timingSafeEqual and MessageDigest.isEqual refuse to skip). Every prefix of the token compares equal, the empty one included",
    operationId: 'bank-card-list',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Doesn\'t validate the authenticity of tokens" (and 5 rule 2: the header value is "the word bearer directly followed by the token")',
      observable:
        'Request class: authorization: bearer with nothing after it (what a client whose token variable is empty sends), or bearer and the token\'s first few characters. It gets the member\'s bank cards, where the clean server answers code "401"; at every operation that takes the token. A wrong character, a token longer than the real one, or no header at all is refused as before',
    },
    expect: { check: 'auth-near-miss-token', severity: 'warning' },
    authorizes: (header, token) => {
      const given = BEARER.exec(header ?? '')?.[1];
      return given !== undefined && sameOverGivenLength(given, token);
    },
    throughout: true,
  }),
  planted(interceptFault, {
    name: 'remember-me-cookie-holds-password',
    description: `Login (#12) keeps the member signed in on the web pages with a remember-me cookie copied from an old PHP tutorial: the mobile and the password as typed, joined by a colon and base64-encoded, kept ${REMEMBER_ME_SECONDS / 86400} days, so that the page can sign in again by itself when the token runs out; base64 was taken for encryption, and the cookie is neither HttpOnly nor Secure`,
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Uses plain text, non-encrypted, or weakly hashed passwords" (here the password goes back to the client, and into every request its cookie jar sends, in reversible base64)',
      observable: `Every login (#12) that succeeds answers Set-Cookie: ${REMEMBER_ME}=<base64 of "mobile:password">; Max-Age=${REMEMBER_ME_SECONDS}; Path=/, whose value decodes to the mobile and the password just sent; the clean server sets no cookie, and a refused login none either`,
    },
    expect: { check: 'password-echo', severity: 'warning', breaks: ['owasp-api2-password-storage'] },
    interceptor() {
      const path = pathOf('login');
      return (req, res) => {
        if (req.url !== path) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const mobile = mobileOf(asked()?.mobile);
          const password = asked()?.password;
          if (!body || !succeeded(body) || mobile === undefined || typeof password !== 'string') return send(held);
          const cookie = `${REMEMBER_ME}=${rememberMeValue(mobile, password)}; Max-Age=${REMEMBER_ME_SECONDS}; Path=/`;
          send({ ...held, headers: { ...held.headers, 'set-cookie': cookie } });
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'new-password-rules-skipped-on-reset',
    description:
      "The password rule (6 to 32 characters) is a @Size on the DTOs' password fields, which Spring checks only on a parameter marked @Valid; the register controller marks its DTO, the reset-password and forgot-password controllers, written later from another template, do not, so their newPassword is saved as sent: one character, or none",
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Permits weak passwords"; "\'Forgot password / reset password\' should be treated the same way as authentication mechanisms"',
      observable:
        'Request class: resetPassword (4.1) with the right oldPassword and a newPassword of fewer than 6 characters ("1", or ""), or forgetPassword (4.1) with one. It answers success, where the clean server refuses it with code "400", "newPassword: …", as registration still refuses the same password; a wrong oldPassword is refused as before',
    },
    expect: { check: 'flow-weak-password-change', severity: 'warning', at: 'account-forgot-password' },
    interceptor() {
      const paths = new Set([listedPathOf('account-reset-password'), listedPathOf('account-forgot-password')]);
      return (req) => {
        if (!paths.has(req.url ?? '')) return false;
        rewriteBody(req, (text) => {
          const asked = bodyObject(text);
          return asked && outsidePasswordRule(asked.newPassword) ? JSON.stringify({ ...asked, newPassword: PASSED_ON }) : text;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'registration-conflict-names-the-member',
    description:
      'Registration looks the mobile up before it inserts, and on a hit throws BizException("mobile already registered: " + existing), the member entity concatenated for the log; the global exception handler copies the exception\'s message, and its data, into the envelope, and register takes no token',
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: an API is vulnerable if "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user" (here by anyone, without a token)',
      observable:
        'Request class: register (4.1), without authorization, with a mobile a member already has (the mobile the token operation takes, or any other member\'s). The refusal, code "400", names the member in message ("mobile: is already registered: Member(id=1, mobile=…, realName=…, companyName=…)") and in error.member, where the clean server says only "mobile: is already registered"; a mobile no member has registers as before',
    },
    expect: { check: 'refusal-personal-data', severity: 'warning', at: 'account-register', breaks: ['owasp-api3-exposed-properties'] },
    interceptor() {
      const path = listedPathOf('account-register');
      const registeredHere = new Map<string, NamedMember>();
      return (req, res) => {
        if (req.url !== path) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const request = asked();
          const mobile = mobileOf(request?.mobile);
          if (!body || mobile === undefined) return send(held);
          if (succeeded(body) && isPlainObject(body.data)) {
            const name = (value: unknown) => (typeof value === 'string' ? value : '');
            registeredHere.set(mobile, { id: Number(body.data.id), mobile, realName: name(request?.realName), companyName: name(request?.companyName) });
          }
          if (!alreadyRegistered(body) || !isPlainObject(body.error)) return send(held);
          const member = memberHolding(mobile, registeredHere);
          const message = `${String(body.message)}: ${lombokString(member)}`;
          send(withJson(held, { ...body, message, error: { ...body.error, member: asJson(member) } }));
        });
        return false;
      };
    },
  }),
  planted(batchedSignInFault, {
    name: 'token-operation-takes-a-batch-of-credentials',
    description:
      "The token operation's controller was given an overload for the ERP connector, which signs its purchasing sub-accounts in at once: a JSON array of {mobile, password} is answered with an array of what each would have got alone, each sign-in checked on its own and none counted against the others; the rate limit and the failed-sign-in counter in front of it count requests, and a batch is one request",
    operationId: 'login',
    redTeam: {
      round: 12,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Permits attackers to perform a brute force attack on the same user account, without presenting captcha/account lockout mechanism" (and API4:2023: no limit on the "Number of operations to perform in a single API client request")',
      observable:
        'Request class: the token operation (4.1) whose body is a JSON array of {mobile, password} (a thousand guesses at one mobile\'s password, or []). It answers success with data an array of the envelopes each guess gets alone, the right one carrying the token, where the clean server refuses the body with code "400"; a single {mobile, password} is answered as before',
    },
    expect: { check: 'flow-batch-sign-in', severity: 'warning', at: 'token-get' },
    respond(res, _body, payload, answerTo) {
      const each = (payload as unknown[]).map((credentials) => answerTo(credentials));
      sendText(res, JSON.stringify(success(each)));
    },
  }),
];
