/**
 * Red team round 11, access, by the OWASP API Top 10: an order's notification URL posted to from
 * inside the network, gzip-coded bodies inflated past the limit set on their coded bytes, a sign-in
 * cache whose bcrypt key reads eight bytes of the password, and a password change that computes
 * whether the old password matches and goes on either way.
 */
import { TOKEN_LIFETIME_SECONDS } from '../../../../src/reference/handlers/token.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, succeeded, success } from './_internals/answers.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { watchBody } from './_internals/request-body.js';
import { BODY_LIMIT_BYTES, bcryptReads, gzipCoded, inflateBody, notify, NOTIFY_ECHO_CHARS, PEPPER_CHARS } from './_internals/round-11-access.js';
import { OWASP } from './_internals/standards.js';
import { listedPathOf } from './_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Why the clean reset refuses an old password that is not the member's. */
const NOT_CURRENT = 'is not the current password';

export const round11Access: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'order-notify-url-fetched-from-inside',
    description:
      "createBetaOrders took over the supplier openapi's optional notifyUrl: the order service POSTs the created order to it at once, as the test notification partners asked for, with the runtime's fetch (redirects followed) and no check of the address it resolves to, and puts the callback's status and the start of its answer into the order answer so that partners can see why a callback failed",
    operationId: 'beta-order-create',
    redTeam: {
      round: 11,
      standard: OWASP,
      clause:
        'API7:2023 Server Side Request Forgery: "Server-Side Request Forgery (SSRF) flaws can occur when an API is fetching a remote resource without validating the user-supplied URI"',
      observable: `Request class: createBetaOrders with a notifyUrl at a loopback, RFC 1918 or link-local address (http://127.0.0.1:PORT/…, http://169.254.169.254/latest/meta-data/). The server POSTs the order there, and the answer's data carries notifyResult: the status and first ${NOTIFY_ECHO_CHARS} characters of what that internal address answered (or "connect ECONNREFUSED …", a port scan); the clean server ignores the field`,
    },
    expect: { unseen: 'no check sees it: it reads a member section 4 never documents (notifyUrl), and a list of guessed names is no rule (owasp-api7-ssrf)' },
    interceptor() {
      const path = pathOf('beta-order-create');
      return (req, res) => {
        if (req.url !== path) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const url = asked()?.notifyUrl;
          if (!body || !succeeded(body) || typeof url !== 'string' || url === '') return send(held);
          void notify(url, body.data).then((notifyResult) => send(withJson(held, { ...body, data: { ...(body.data as Json), notifyResult } })));
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'gzip-request-inflated-past-body-limit',
    description: `The gateway refuses request bodies over ${BODY_LIMIT_BYTES / 1024 / 1024} MiB (client_max_body_size) by the bytes that cross the wire; behind it a request filter added for a partner's SDK that gzips its bodies wraps every request whose Content-Encoding is gzip in a GZIPInputStream, with no bound on what it inflates to, and Jackson reads all of it into memory`,
    operationId: 'custom-demand-list',
    redTeam: {
      round: 11,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: an API is vulnerable if a limit is "missing or set inappropriately", among them "Maximum allocable memory" and "Maximum upload file size" (prevention: "Define and enforce a maximum size of data on all incoming parameters and payloads")',
      observable: `Request class: a call whose body is over the ${BODY_LIMIT_BYTES / 1024 / 1024} MiB the server refuses with code "413", sent gzip-coded with Content-Encoding: gzip (4 MiB of JSON whitespace inflate from 4 KiB). It is inflated and answered (the page of custom demands), where the same body uncoded is refused with "413" and the clean server refuses the coded one as no JSON ("400"); at every operation`,
    },
    expect: { check: 'coded-body-past-limit', severity: 'warning', breaks: ['owasp-api4-payload-size'] },
    interceptor() {
      return (req) => {
        if (gzipCoded(req)) inflateBody(req);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'sign-in-cache-key-reads-eight-password-bytes',
    description: `The token operation keeps a cache of sign-ins that succeeded, so that members still get a token while the member directory is slow; an entry's key is bcrypt over a ${PEPPER_CHARS}-character hex pepper followed by the password, and bcrypt reads only the first 72 bytes of its input, so the key is made of the password's first ${72 - PEPPER_CHARS} bytes: a later sign-in of the mobile whose password starts the same finds the entry and is granted`,
    operationId: 'login',
    redTeam: {
      round: 11,
      standard: 'NIST SP 800-63B',
      clause:
        '5.1.1.2 Memorized Secret Verifiers: "Truncation of the secret SHALL NOT be performed" (and OWASP API2:2023 Broken Authentication: implementation flaws that let attackers "assume other user\'s identities")',
      observable: `Request class: the token operation (4.1) with the member's mobile and a wrong password that starts with the right one's first ${72 - PEPPER_CHARS} characters (the password's first 8, then anything), after the member has signed in once. It answers the member's token, expiresIn ${TOKEN_LIFETIME_SECONDS}, where the clean server answers code "401"; a password differing within its first 8 characters is refused as before`,
    },
    expect: { check: 'flow-sign-in-near-miss', severity: 'warning', at: 'token-get' },
    interceptor(token) {
      const path = listedPathOf('token-get');
      const cached = new Map<string, { readonly key: string; readonly until: number }>();
      return (req, res) => {
        if (req.url !== path) return false;
        const asked = watchBody(req);
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const { mobile, password } = asked() ?? {};
          if (!body || typeof mobile !== 'string' || typeof password !== 'string') return send(held);
          if (succeeded(body)) {
            cached.set(mobile, { key: bcryptReads(password), until: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
            return send(held);
          }
          const entry = cached.get(mobile);
          const hit = entry !== undefined && entry.until > Date.now() && entry.key === bcryptReads(password);
          send(hit ? withJson(held, success({ token, expiresIn: TOKEN_LIFETIME_SECONDS })) : held);
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'password-change-ignores-old-password-check',
    description:
      "resetPassword calls passwordEncoder.matches(oldPassword, member.getPassword()) and drops the boolean it returns, as if it threw on a mismatch like the validator beside it; the member's password is then set to newPassword whatever oldPassword was",
    operationId: 'login',
    redTeam: {
      round: 11,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Allows users to change sensitive information, such as email address, current password, or phone number without asking for password confirmation"',
      observable:
        'Request class: resetPassword (4.1) with the token and an oldPassword that is not the member\'s (any string), and a valid newPassword. It answers success, where the clean server answers code "400", "oldPassword: is not the current password": whoever holds a token, stolen or left in a shared browser, takes the account over; the right oldPassword answers success as before',
    },
    expect: { check: 'flow-password-reset-wrong-old', severity: 'warning', at: 'account-reset-password' },
    interceptor() {
      const path = listedPathOf('account-reset-password');
      return (req, res) => {
        if (req.url !== path) return false;
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const refusedOld = body !== undefined && isPlainObject(body.error) && body.error.field === 'oldPassword' && body.error.reason === NOT_CURRENT;
          send(refusedOld ? withJson(held, success({})) : held);
        });
        return false;
      };
    },
  }),
];
