import {
  answerAfterBody,
  type Fault,
  type FaultFacts,
  gateFault,
  inputFault,
  interceptFault,
  json,
  routeFault,
} from '../../../../src/reference/faults/fault.js';
import { LIST_REQUEST, mobile, readRequest, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { BankCard } from '../../../../src/reference/records.js';
import { BEARER, sameOverGivenLength } from '../_internals/access.js';
import { documented, pathOf, succeeded, success } from '../_internals/answers.js';
import { interceptedGateFault, pastTheFilter, wavedThrough } from '../_internals/gates.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** How many characters of the header the truncating server compares: fewer than `bearer<TOKEN>` has. */
const COMPARED_CHARACTERS = 16;

/** The header form an RFC 6750 bearer-token plugin reads: the scheme (any case), one or more spaces, the token. */
const BEARER_WITH_SPACE = /^Bearer +(\S+)$/i;

/** A password the check skips: none at all, null, or the empty string (`if (password && !matches(password, hash))`). */
const noPassword = (payload: Json): boolean => payload.password === undefined || payload.password === null || payload.password === '';

/** The member a list call names in its body (memberId), where it is another than the one the token stands for. */
function namedMember(payload: unknown): number | undefined {
  const id = isPlainObject(payload) ? wholeNumber(payload.memberId) : undefined;
  return id !== undefined && id !== seeded().account.id ? id : undefined;
}

/**
 * The bank cards of another registered member (ids 2 to 21): three to six, in the seed's banks and
 * account numbers, held in the member's company name, at ids none of the caller's cards have.
 */
function bankCardsOf(memberId: number): BankCard[] {
  const member = seeded().members.find((candidate) => candidate.id === memberId);
  if (!member) return [];
  const cards = seeded().bankCards;
  return Array.from({ length: 3 + (memberId % 4) }, (_, index) => {
    const { record } = cards[(memberId * 37 + index * 53) % cards.length]!;
    return { ...record, id: 100_000 + memberId * 100 + index, accountName: member.companyName || member.realName };
  });
}

/** The JSON object a base64url segment of a JWT holds, or undefined. */
function segment(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the token is a JWT that declares no signature ("alg": "none", in any case) and carries none: header.claims. */
function unsignedJwt(token: string): boolean {
  const [header = '', claims = '', signature, ...rest] = token.split('.');
  const alg = segment(header)?.alg;
  return rest.length === 0 && signature === '' && typeof alg === 'string' && alg.toLowerCase() === 'none' && segment(claims) !== undefined;
}

/** The token after the word bearer, with or without the space RFC 6750 puts there. */
const ANY_BEARER = /^bearer ?(.*)$/i;

/** Loopback and the private ranges of RFC 1918: the cluster network the platform's own services call from. */
function internalAddress(address: string): boolean {
  const octets = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(address);
  if (!octets) return false;
  const [first, second] = [Number(octets[1]), Number(octets[2])];
  return first === 10 || first === 127 || (first === 192 && second === 168) || (first === 172 && second >= 16 && second <= 31);
}

/** The first address of X-Forwarded-For, the one the client wrote if it wrote one: the load balancer appends the address it saw. */
const firstForwardedFor = (req: IncomingMessage): string =>
  String(req.headers['x-forwarded-for'] ?? '')
    .split(',')[0]!
    .trim();

/** The token after the word bearer, as the documented form writes it (5 rule 2). */
const DOCUMENTED_BEARER = /^bearer(.+)$/;

/** The session cookie Tomcat hands out, named as its default names it. */
const SESSION_COOKIE = 'JSESSIONID';

/** Marks a request the session filter let in; no header value can hold a NUL, so no client can send it. */
const SESSION_AUTHENTICATED = '\u0000authenticated by the session cookie';

/** A session id as Tomcat writes one, 32 upper-case hexadecimal digits, derived from the server's token and the count of logins so that runs repeat. */
const sessionIdFor = (token: string, count: number): string =>
  createHash('sha256').update(`session:${count}:${token}`, 'utf8').digest('hex').slice(0, 32).toUpperCase();

/** The value of one cookie of a Cookie field (RFC 6265, 5.4: "cookie-pair *( ";" SP cookie-pair )"). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** A fault in how requests are let in, at every operation that takes the token, that also looks at requests before routing. */
function sessionGateFault(facts: FaultFacts & Required<Pick<Fault, 'authorizes' | 'interceptor' | 'throughout'>>): Fault {
  return { ...gateFault(facts), interceptor: facts.interceptor };
}

/** A token the token service makes at a renewal, derived from the first so that runs repeat: 32 hexadecimal digits, as its UUIDs without dashes are. */
const renewedToken = (token: string, renewal: number): string => createHash('sha256').update(`renewal:${renewal}:${token}`, 'utf8').digest('hex').slice(0, 32);

/** Requests turned away or let in against sections 4 and 5: the documented path and header, and tokens that are not the valid one. */
export const authFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'http-status', severity: 'error' }, routeFault, [
    {
      name: 'doubled-slash-refused',
      description: 'answers 404 to the doubled-slash path, as a server that normalizes paths would',
      operationId: 'bank-card-list',
      answer: { status: 404, contentType: 'text/html', body: '<html><body>Cannot POST //pc/customer/bankCardList</body></html>' },
    },
  ]),
  ...caughtBy({ check: 'auth-documented-header', severity: 'error' }, gateFault, [
    {
      name: 'documented-header-refused',
      description: 'accepts Bearer <token> but refuses the documented bearer<token>',
      operationId: 'consignee-by-id',
      authorizes: (header, token) => header === `Bearer ${token}`,
    },
    {
      name: 'bearer-space-only',
      description: 'accepts only Bearer <token>, at every operation, as a stock bearer-token middleware does',
      operationId: 'custom-demand-list',
      authorizes: (header, token) => header === `Bearer ${token}`,
      throughout: true,
    },
  ]),
  ...caughtBy({ check: 'documented-path', severity: 'error' }, interceptFault, [
    {
      name: 'single-slash-paths-only',
      description:
        'serves /pc/… and /auth/… with a single slash and answers 404 to the documented //pc/…, as a server that routes before it keeps the raw path',
      operationId: 'custom-demand-list',
      interceptor: () => (req, res) => {
        const url = req.url ?? '';
        if (url.startsWith('//')) {
          answerAfterBody(req, res, { status: 404, contentType: 'text/html', body: '<html><body><h1>404 Not Found</h1></body></html>' });
          return true;
        }
        // What the server does serve is the operation at the single-slash path: routed as the documented one.
        if (/^\/(pc|auth)\//.test(url)) req.url = `/${url}`;
        return false;
      },
    },
  ]),
  ...caughtBy({ check: 'auth-unauthorized-data', severity: 'warning' }, gateFault, [
    {
      name: 'data-without-token',
      breaks: ['owasp-api2-token-authenticity'],
      description: 'serves the bank card list to calls without a valid token',
      operationId: 'bank-card-list',
      authorizes: () => true,
    },
  ]),
  // 5 rule 1; what a server answers to a wrong token is not shown, so warnings.
  ...caughtBy({ check: 'auth-near-miss-token', severity: 'warning' }, gateFault, [
    {
      name: 'near-miss-token-accepted',
      breaks: ['owasp-api2-token-authenticity'],
      description: `compares only the first ${COMPARED_CHARACTERS} characters of the authorization header, as a fixed-width token column would`,
      operationId: 'custom-demand-list',
      authorizes: (header, token) => header !== undefined && header.slice(0, COMPARED_CHARACTERS) === `bearer${token}`.slice(0, COMPARED_CHARACTERS),
    },
    {
      name: 'token-case-insensitive',
      breaks: ['owasp-api2-token-authenticity'],
      description: 'compares tokens case-insensitively',
      operationId: 'alpha-orders-list',
      authorizes: (header, token) => header?.toLowerCase() === `bearer${token}`.toLowerCase(),
    },
  ]),
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
  planted(interceptedGateFault, {
    name: 'single-slash-path-skips-authorization',
    description:
      'The router collapses repeated slashes (as many routers do), while the authentication filter is registered for the doubled-slash paths the spec writes: the single-slash path reaches the handler without passing the filter',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "There are discrepancies in the way incoming requests are processed by servers in the HTTP server chain" (and section 5 rule 1: "Every operation takes the header authorization, a required string")',
      observable:
        "Request class: POST /pc/customer/bankCardInfoById (one slash) without authorization. It answers the bank card's holder, bank mobile and branch, where the clean server knows no such path",
    },
    expect: { check: 'auth-unauthorized-data', severity: 'warning' },
    // The single-slash path, which the router collapses to the same handler.
    ...pastTheFilter('bank-card-by-id', documented('bank-card-by-id').path),
  }),
  planted(gateFault, {
    name: 'any-token-after-bearer-accepted',
    description:
      'The authentication filter checks only that authorization holds bearer and a token: the lookup of the token was switched off for a load test, and the switch shipped',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 3,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Doesn\'t validate the authenticity of tokens."',
      observable:
        'Request class: a delete whose authorization is bearer and a token the server never issued. It deletes the demand and answers success, where the clean server answers code "401"',
    },
    expect: { check: 'auth-unauthorized-change', severity: 'warning', breaks: ['owasp-api2-token-authenticity'] },
    authorizes: (header) => /^bearer\S+$/.test(header ?? ''),
  }),
  planted(gateFault, {
    name: 'bearer-needs-a-space',
    description:
      'The open API sits behind a gateway whose stock bearer-token plugin reads the header as RFC 6750 writes it, "Bearer", a space and the token, so the form part 5 shows never matches',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '5 rule 2: "The header value shown is the word bearer directly followed by the token, with no separating space: bearer<ACCESS_TOKEN>."',
      observable: 'The documented authorization: bearer<TOKEN> is refused with code "401"; only Bearer <TOKEN> gets the products',
    },
    expect: { check: 'auth-documented-header', severity: 'error' },
    authorizes: (header, token) => BEARER_WITH_SPACE.exec(header ?? '')?.[1] === token,
  }),
  planted(inputFault, {
    name: 'empty-password-skips-check',
    description: 'Login checks the password only when one is given, if (password && !matches(password, hash)), and then signs the member of the mobile in',
    operationId: 'login',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "Authentication mechanisms are often implemented incorrectly, allowing attackers to compromise authentication tokens or to exploit implementation flaws to assume other user\'s identities"',
      observable:
        'Request class: login with a mobile and password "" (or null, or none). It succeeds as a right password does, where the clean server refuses the password: anyone who knows a mobile number signs in as its member',
    },
    expect: { check: 'sign-in-without-password', severity: 'warning', breaks: ['owasp-api2-implementation-flaws'] },
    when: (payload) => isPlainObject(payload) && mobile(payload.mobile) !== undefined && noPassword(payload),
    answer: () => json(success({})),
  }),
  planted(inputFault, {
    name: 'bank-cards-of-member-named-in-body',
    description:
      'The list query takes the member from a memberId in the body when there is one, a parameter left from the back office that shares the service, and from the token only when there is none',
    operationId: 'bank-card-list',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Every API endpoint that receives an ID of an object, and performs any action on the object, should implement object-level authorization checks"',
      observable:
        "Request class: bankCardList with a memberId of another member (the ids 2 to 21 registration hands out). It lists that member's bank cards, holder and account number, where the clean server lists the caller's own",
    },
    expect: {
      unseen:
        'no check sees it: it shows only when the body names another owner in a member the spec does not document (memberId), and a list of guessed names is no rule (owasp-api1-object-authorization)',
    },
    when: (payload) => namedMember(payload) !== undefined,
    answer(body, payload) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      const memberId = namedMember(payload);
      if (!succeeded(clean) || !asked.ok || memberId === undefined) return json(clean);
      const { pageSize, pageNo = 1 } = asked.value;
      return json(success(pageOf(bankCardsOf(memberId), pageSize, pageNo, 'newest-first')));
    },
  }),
  planted(gateFault, {
    name: 'unsigned-jwt-accepted',
    description:
      'The open API takes the platform\'s JWTs beside its API keys (part 5 shows some values as <API_KEY>), verified with a library call that trusts the algorithm the token names, as jsonwebtoken before 4.2.2 did: a token with "alg": "none" and no signature passes',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 5,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Accepts unsigned/weakly signed JWT tokens ({"alg":"none"})"',
      observable:
        'Request class: createAlphaOrders with authorization: bearer and a JWT anyone can write, header {"alg":"none"}, any claims, empty signature. The order is placed, where the clean server answers an empty data (the refusal of #14); a made-up opaque token is still refused',
    },
    expect: { check: 'auth-unsigned-jwt', severity: 'warning', breaks: ['owasp-api2-unsigned-jwt'] },
    authorizes(header, token) {
      if (header === `bearer${token}`) return true;
      const presented = ANY_BEARER.exec(header ?? '')?.[1];
      return presented !== undefined && unsignedJwt(presented);
    },
  }),
  planted(interceptedGateFault, {
    name: 'forwarded-for-internal-address-trusted',
    description:
      "The authentication filter lets the platform's own services in without a token when they call from the cluster network, and takes the caller's address from the first entry of X-Forwarded-For; the load balancer appends the address it saw to whatever the client sent, so the first entry is the client's own claim",
    operationId: 'consignee-delete',
    redTeam: {
      round: 7,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: "a microservice is vulnerable if: Other microservices can access it without authentication"; here anyone who claims to be one',
      observable:
        'Request class: deleteConsignee with no authorization and X-Forwarded-For: 10.0.0.8 (any loopback or RFC 1918 address). The consignee is deleted and the answer is success, where the clean server refuses the call with code "401"; a public address is refused as before',
    },
    expect: { check: 'auth-internal-caller', severity: 'warning', breaks: ['owasp-api2-internal-caller'] },
    ...wavedThrough('consignee-delete', (req) => internalAddress(firstForwardedFor(req))),
  }),
  planted(gateFault, {
    name: 'token-matched-case-insensitively',
    description:
      "Tokens are looked up with SELECT … FROM access_token WHERE token = ? in a column of MySQL's default collation, utf8mb4_general_ci, which compares case-insensitively: every token has as many accepted spellings as its letters allow, and a guess need only get the case-folded value right",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 8,
      standard: OWASP,
      clause: 'API2:2023 Broken Authentication: an API is vulnerable if it "Doesn\'t validate the authenticity of tokens"',
      observable:
        'Request class: authorization: bearer and the token with its letters in upper case (bearerRED-TEAM-ROUND-8 for red-team-round-8). It gets the products, where the clean server answers code "401"; at every operation that takes the token',
    },
    expect: { check: 'auth-near-miss-token', severity: 'warning' },
    authorizes: (header, token) => DOCUMENTED_BEARER.exec(header ?? '')?.[1]?.toLowerCase() === token.toLowerCase(),
    throughout: true,
  }),
  planted(sessionGateFault, {
    name: 'login-session-cookie-stands-in-for-token',
    description:
      "Login runs through Spring Security's form-login chain, which creates an HTTP session and sets JSESSIONID; the API's chain was meant to be stateless, but its SessionCreationPolicy was left at IF_REQUIRED, so a request with no authorization header and that cookie is let in by the session, from any page a browser visits",
    operationId: 'consignee-delete',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '5 rule 1: "Every operation takes the header authorization, a required string" (RFC 6265, 8.2: a server that authenticates by cookie lets "remote parties issue HTTP requests from the user agent", which "attach cookies even if the remote party does not know the contents of the cookies")',
      observable:
        'Request class: login (#12), then a call with no authorization but the Cookie login set (JSESSIONID=…, as a browser sends it to any request to the host). deleteConsignee deletes and answers success, where the clean server sets no cookie and refuses the call with code "401"; at every operation',
    },
    expect: { check: 'auth-cookie-in-place-of-token', severity: 'warning', breaks: ['owasp-api2-authentication-flows'] },
    interceptor(token) {
      const login = pathOf('login');
      const sessions = new Set<string>();
      return (req, res) => {
        if (req.url === login) {
          // Only a login that succeeds opens a session, and only its answer says whether it did.
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            if (!body || !succeeded(body)) return send(held);
            const session = sessionIdFor(token, sessions.size + 1);
            sessions.add(session);
            send({ ...held, headers: { ...held.headers, 'set-cookie': `${SESSION_COOKIE}=${session}; Path=/; HttpOnly` } });
          });
          return false;
        }
        const session = cookieValue(req.headers.cookie, SESSION_COOKIE);
        if (req.headers.authorization === undefined && session !== undefined && sessions.has(session)) req.headers.authorization = SESSION_AUTHENTICATED;
        return false;
      };
    },
    authorizes: (header, token) => header === `bearer${token}` || header === SESSION_AUTHENTICATED,
    throughout: true,
  }),
  planted(interceptFault, {
    name: 'renewed-token-never-accepted',
    description:
      "Each API node keeps a member's token in a local Guava cache for the token's two hours, filled from the token table at the member's first call; the token service, on other nodes, issues a new token at every call and writes it to the table, which the API nodes do not read again until their entry expires",
    operationId: 'login',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '5 rule 3: "A token is obtained with the token operation"; 5 rule 2: the header is "the word bearer directly followed by the token": a token the operation hands out is one the operations take',
      observable:
        'Request class: the token operation (4.1) called a second time, a renewal. It answers another token, 32 hexadecimal digits, with expiresIn 7200; that token sent as authorization: bearer<TOKEN> gets code "401" at every operation, while the first token still works',
    },
    expect: { check: 'auth-renewed-token', severity: 'warning' },
    interceptor(token) {
      const tokenPath = listedPathOf('token-get');
      let issued = 0;
      return (req, res) => {
        if (req.url !== tokenPath) return false;
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          const data = body?.data;
          if (!body || !succeeded(body) || !isPlainObject(data) || data.token !== token) return send(held);
          issued += 1;
          send(issued === 1 ? held : withJson(held, { ...body, data: { ...data, token: renewedToken(token, issued) } }));
        });
        return false;
      };
    },
  }),
];
