import {
  type Answer,
  answerAfterBody,
  answerFault,
  bodyFault,
  dataFault,
  inputFault,
  interceptFault,
  json,
  socketFault,
  stringsIn,
} from '../../../../src/reference/faults/fault.js';
import { ALREADY_REGISTERED } from '../../../../src/reference/handlers/_internals/account.js';
import { LIST_REQUEST, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { asJson, lombokString, memberHolding, mobileOf, type NamedMember, REMEMBER_ME, REMEMBER_ME_SECONDS, rememberMeValue } from '../_internals/access.js';
import { eachListed, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import { watchBody } from '../_internals/request-body.js';
import { passwordHashFor, saltFor, smsCodeFor } from '../_internals/secrets.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP } from '../_internals/standards.js';
import { inputSocketFault, listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const isErrorResult = (body: Json) => typeof body.error === 'object' && body.error !== null && Object.keys(body.error).length > 0;

const nodeStack = `TypeError: Cannot read properties of undefined (reading 'id')
    at findConsignee (/srv/app/src/services/consignee.js:42:17)
    at Layer.handle (/srv/app/node_modules/express/lib/router/layer.js:95:5)`;

/** The clean body with these header fields beside the clean ones. */
const withFields =
  (headers: Readonly<Record<string, string>>) =>
  (body: unknown): Answer => ({ ...json(body), headers });

/** The request's mobile as the send-code and login handlers read it: digits, given as a string or a number. */
const mobileAsked = (payload: unknown): string => (isPlainObject(payload) ? String(payload.mobile ?? '') : '');

/** Whether the answer is the clean register's refusal of a mobile a member already has. */
const alreadyRegistered = (body: Json): boolean => isPlainObject(body.error) && body.error.field === 'mobile' && body.error.reason === ALREADY_REGISTERED;

/** Another registered member (ids 2 to 21), as the member table holds them: the one who published the record with this id. */
function publisherOf(recordId: unknown): Json {
  const members = seeded().members;
  const { id, mobile, realName, companyName } = members[Number(recordId) % members.length]!;
  return { id, mobile, realName, companyName };
}

/** The token after the word bearer, with or without a space. */
const ANY_BEARER = /^bearer ?(.+)$/i;

/** The Link field of a page: the next and the last pages, each a URL that signs in as the caller. */
function tokenedPageLinks(path: string, pageSize: number, pageNo: number, totalPage: number, token: string): string {
  const target = (page: number) => `<${path}?pageSize=${pageSize}&pageNo=${page}&access_token=${encodeURIComponent(token)}>`;
  const next = pageNo < totalPage ? [`${target(pageNo + 1)}; rel="next"`] : [];
  return [...next, `${target(totalPage)}; rel="last"`].join(', ');
}

/** Where Symfony's web profiler answers, and its page of the last request it recorded. */
const PROFILER = '/_profiler/';

const LATEST = 'latest';

/** What the profiler keeps of a request: its line and its header fields as they came. */
interface Profile {
  readonly requestLine: string;
  readonly fields: readonly (readonly [string, string])[];
}

/** The profiler's six-hex-digit token of the nth request it records, derived from n so that runs repeat. */
const debugToken = (n: number): string => createHash('sha256').update(`profile:${n}`, 'utf8').digest('hex').slice(0, 6);

const escaped = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The profiler's request panel: the request line and a table of its header fields, names lower-cased as Symfony's HeaderBag keeps them. */
function profilePage(token: string, { requestLine, fields }: Profile): string {
  const rows = fields.map(([name, value]) => `<tr><th>${escaped(name.toLowerCase())}</th><td>${escaped(value)}</td></tr>`).join('\n');
  return `<!DOCTYPE html>\n<html><head><title>Symfony Profiler</title></head><body>\n<h1>${escaped(requestLine)}</h1>\n<p>Token ${token}</p>\n<h2>Request Headers</h2>\n<table>\n${rows}\n</table>\n</body></html>\n`;
}

const NO_PROFILE = '<!DOCTYPE html>\n<html><head><title>Symfony Profiler</title></head><body><h1>Token not found</h1></body></html>\n';

const fieldsOf = (req: IncomingMessage): (readonly [string, string])[] =>
  req.rawHeaders.flatMap((name, index, raw) => (index % 2 === 0 ? [[name, raw[index + 1] ?? ''] as const] : []));

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** A cusType as the caller wrote it, where it holds a single quote and so is no longer only a value in `cus_type = '${cusType}'`. */
const quotedCusType = (payload: unknown): string | undefined =>
  isPlainObject(payload) && typeof payload.cusType === 'string' && payload.cusType.includes("'") ? payload.cusType : undefined;

/** `x' OR 'a'='a`, the probe that closes the string and ORs the whole WHERE clause with a truth. */
const OR_TRUTH = /'\s*or\s*'/i;

/** What a list call asked for, as the server reads it (4 rule 2: pageNo 1 where not given). */
interface ListAsked {
  readonly pageSize: number;
  readonly pageNo: number;
  readonly status: number | undefined;
}

/** The statement the mapper builds with ${cusType}, text substitution, where #{cusType} would have bound a value. */
function purchaseOrderQuery({ pageSize, pageNo, status }: ListAsked, cusType: string): string {
  const byStatus = status === undefined ? '' : ` AND status = ${status}`;
  const columns = 'id, product_number, product_cas, product_cname, product_level, product_nums, product_pack, sale_price, status, remark, created_at';
  return `SELECT ${columns} FROM purchase_order WHERE member_id = 1${byStatus} AND cus_type = '${cusType}' ORDER BY id DESC LIMIT ${(pageNo - 1) * pageSize}, ${pageSize}`;
}

/** MySQL's answer to a string left open, which the exception handler passes on in message and error. */
function syntaxError(asked: ListAsked, cusType: string): Json {
  const sql = purchaseOrderQuery(asked, cusType);
  const near = sql.slice(sql.indexOf(`'${cusType}'`));
  const message = `You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${near}' at line 1`;
  return { data: {}, status: 'fail', code: '500', message, error: { sqlState: '42000', errorCode: 1064, sql } };
}

/** Answers that give away the server's insides, a member's secrets or echo markup (7, 2.10: what they may show is not shown, so warnings). */
export const leakFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'stack-trace-leak', severity: 'warning' }, inputFault, [
    {
      name: 'stack-trace-on-bad-input',
      breaks: ['owasp-api8-error-details'],
      description: 'puts a stack trace in the message of an error result',
      operationId: 'consignee-by-id',
      when: (payload) => typeof (payload as Json | null)?.id !== 'number',
      answer: () => json({ data: {}, status: 'fail', code: '500', message: nodeStack, error: { reason: 'internal' } }),
    },
  ]),
  ...caughtBy({ check: 'markup-echo', severity: 'warning' }, inputFault, [
    {
      name: 'markup-echoed',
      description: 'echoes the offending value, markup and all, in the message',
      operationId: 'login',
      when: (payload) => stringsIn(payload).some((text) => text.includes('<')),
      answer: (_body, payload) => {
        const offending = stringsIn(payload).find((text) => text.includes('<'));
        return json({ data: {}, status: 'fail', code: '400', message: `invalid value ${offending}`, error: { reason: 'invalid' } });
      },
    },
  ]),
  ...caughtBy({ check: 'database-error-leak', severity: 'warning' }, bodyFault, [
    {
      name: 'sql-error-leaked',
      breaks: ['owasp-api8-error-details'],
      description: "answers bad input with the MySQL driver's syntax error in the message",
      operationId: 'custom-demand-delete',
      rewrite: (body, payload) =>
        body.code === '400'
          ? {
              ...body,
              message: `ER_PARSE_ERROR: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '${String(JSON.stringify(payload.demandId)).slice(0, 20)}' at line 1`,
            }
          : body,
    },
    {
      name: 'orm-error-leaked',
      breaks: ['owasp-api8-error-details'],
      description: "puts the ORM's exception in the error object of every error result",
      operationId: 'consignee-delete',
      rewrite: (body) =>
        isErrorResult(body)
          ? {
              ...body,
              error: {
                ...(body.error as Json),
                exception: 'PrismaClientKnownRequestError',
                detail:
                  'Invalid `prisma.consignee.delete()` invocation: An operation failed because it depends on one or more records that were required but not found.',
              },
            }
          : body,
    },
  ]),
  ...caughtBy({ check: 'record-secrets', severity: 'warning' }, dataFault, [
    {
      name: 'member-password-hash',
      breaks: ['owasp-api3-exposed-properties'],
      description: "serialises the whole member record into the customer's basic information, password hash and salt included",
      operationId: 'member-basic-info',
      rewrite: (data) =>
        Object.keys(data).length === 0 ? data : { ...data, password: '$2a$10$7EqJtq98hPqEX7fNZaFWoOhi5BWX4Z3ZJ4nLq1ZpQkN4Yp9bq6Yxu', salt: 'c0ffee5a1t' },
    },
  ]),
  planted(answerFault, {
    name: 'send-code-returns-the-code',
    description: 'The send-code handler returns what it handed the SMS gateway, the code included, as a debugging aid left in',
    operationId: 'send-code',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user"',
      observable: 'data of #11 holds the six-digit verification code just sent to the mobile, so whoever calls it needs no access to the phone',
    },
    expect: { check: 'record-secrets', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      return json(
        succeeded(clean) ? { ...clean, data: { mobile: mobileAsked(payload), verifyCode: smsCodeFor(mobileAsked(payload)), expireSeconds: 300 } } : clean,
      );
    },
  }),
  planted(answerFault, {
    name: 'login-returns-password-hash',
    description: 'The login handler answers with the member entity as the ORM loaded it, password hash and salt included',
    operationId: 'login',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user"',
      observable: 'data of #12 holds "password": "$2a$10$…" (a bcrypt hash) and "salt" beside the member id and mobile',
    },
    expect: { check: 'record-secrets', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const mobile = mobileAsked(payload);
      return json(succeeded(clean) ? { ...clean, data: { id: seeded().account.id, mobile, password: passwordHashFor(mobile), salt: saltFor(mobile) } } : clean);
    },
  }),
  planted(answerFault, {
    name: 'internal-upstream-in-headers',
    description: 'The load balancer adds the upstream it picked, a debugging aid left on in production',
    operationId: 'beta-order-create',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: "Unnecessary features are enabled", and answers "expose … sensitive information" (here the internal network)',
      observable: 'X-Upstream-Addr: 10.20.4.17:8080 and X-Served-By: otp-api-03.prod.trading.internal on the created order',
    },
    expect: { check: 'internal-address', severity: 'info' },
    answer: withFields({ 'x-upstream-addr': '10.20.4.17:8080', 'x-served-by': 'otp-api-03.prod.trading.internal' }),
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
  planted(socketFault, {
    name: 'refusal-echoes-request-headers',
    description: 'The exception handler puts the request it failed on into the answer, headers and all, as a debugging aid left in',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "Error messages include stack traces, or expose other sensitive information"',
      observable:
        'Request class: a create the server refuses (one without cas). Its error holds request.headers, the authorization value bearer<TOKEN> included, which every log and proxy that keeps error bodies now holds too',
    },
    expect: { check: 'token-echo', severity: 'warning' },
    respond(res, body, payload) {
      const clean = body as Json;
      if (clean.code !== '400' || !isPlainObject(clean.error)) return sendText(res, JSON.stringify(clean));
      const request = { method: res.req.method, uri: res.req.url, headers: res.req.headers, body: payload };
      sendText(res, JSON.stringify({ ...clean, error: { ...clean.error, request } }));
    },
  }),
  planted(answerFault, {
    name: 'purchase-orders-embed-publisher',
    description: "The purchase order entity's many-to-one member relation is fetched eagerly and serialized with each record",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user" (Excessive Data Exposure)',
      observable:
        "Every record carries member: the id, mobile number, real name and company of the member who published it (ids 2 to 21, none the caller's), beyond the 12 fields of 2.7",
    },
    expect: { check: 'record-personal-data', severity: 'warning', breaks: ['owasp-api3-exposed-properties'] },
    answer: (body) => json(eachListed(body as Json, (record) => ({ ...record, member: publisherOf(record.id) }))),
  }),
  planted(interceptFault, {
    name: 'trace-reflects-authorization',
    description:
      "TRACE is left enabled, as the servlet container's default long had it, and its answer reflects the request whole, the authorization header included",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '9.3.8: "The final recipient of the request SHOULD exclude any request fields that are likely to contain sensitive data when that recipient generates the response content"',
      observable:
        'Request class: TRACE to the path with the authorization header. It gets HTTP 200 message/http that reflects authorization: bearer<TOKEN>, which every log and proxy that keeps answers now holds',
    },
    expect: { check: 'token-echo', severity: 'warning', breaks: ['rfc9110-9.3.8-trace'] },
    interceptor() {
      const path = pathOf('consignee-by-id');
      return (req, res) => {
        if (req.url !== path || req.method !== 'TRACE') return false;
        const raw = req.rawHeaders;
        const fields = raw.flatMap((name, index) => (index % 2 === 0 ? [`${name}: ${raw[index + 1]}`] : []));
        const reflected = [`${req.method} ${req.url} HTTP/${req.httpVersion}`, ...fields, '', ''].join('\r\n');
        answerAfterBody(req, res, { contentType: 'message/http', body: reflected });
        return true;
      };
    },
  }),
  planted(socketFault, {
    name: 'page-links-carry-access-token',
    description:
      "The pagination helper was shared with the web pages, which sign in by an access_token query parameter: it builds the next and last page links with the caller's token appended, so the token lands in every log, history and Referer that keeps the URL",
    operationId: 'bank-card-list',
    redTeam: {
      round: 6,
      standard: OWASP,
      clause:
        'API2:2023 Broken Authentication: an API is vulnerable if it "Sends sensitive authentication details, such as auth tokens and passwords in the URL"',
      observable:
        'Every page of bankCardList carries Link: <http://HOST//pc/customer/bankCardList?pageSize=10&pageNo=2&access_token=TOKEN>; rel="next", …: the bearer token of the call, in a URL',
    },
    expect: { check: 'token-echo', severity: 'warning' },
    respond(res, body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const token = ANY_BEARER.exec(res.req.headers.authorization ?? '')?.[1];
      const text = JSON.stringify(clean);
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1 || token === undefined) {
        return sendText(res, text);
      }
      const path = `http://${res.req.headers.host ?? '127.0.0.1'}${pathOf('bank-card-list')}`;
      sendText(res, text, { link: tokenedPageLinks(path, Number(payload.pageSize), Number(data.pageNo), data.totalPage, token) });
    },
  }),
  planted(interceptFault, {
    name: 'profiler-left-on-in-production',
    description:
      'The member area is a Symfony application deployed with APP_DEBUG=1, so the web profiler records every request, names it in X-Debug-Token-Link on the answer, and serves the recording at /_profiler/ to anyone, /_profiler/latest included',
    operationId: 'bank-card-list',
    redTeam: {
      round: 7,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "Unnecessary features are enabled (e.g. HTTP verbs, logging features)"',
      observable:
        "Every bankCardList answer carries X-Debug-Token and X-Debug-Token-Link: http://HOST/_profiler/3f9a1c; GET /_profiler/latest, with no authorization, answers a page of the last such request's header fields, authorization: bearer<TOKEN> among them",
    },
    expect: { check: 'debug-fields', severity: 'warning', breaks: ['owasp-api8-logging-features'] },
    interceptor() {
      const list = pathOf('bank-card-list');
      const profiles = new Map<string, Profile>();
      let latest: string | undefined;
      return (req, res) => {
        const url = req.url ?? '';
        if (req.method === 'GET' && url.startsWith(PROFILER)) {
          const asked = url.slice(PROFILER.length);
          const token = asked === LATEST ? latest : asked;
          const profile = token === undefined ? undefined : profiles.get(token);
          const page = profile && token ? profilePage(token, profile) : NO_PROFILE;
          answerAfterBody(req, res, { status: profile ? 200 : 404, contentType: 'text/html; charset=UTF-8', body: page });
          return true;
        }
        if (url !== list) return false;
        const token = debugToken(profiles.size + 1);
        profiles.set(token, { requestLine: `${req.method} ${url} HTTP/${req.httpVersion}`, fields: fieldsOf(req) });
        latest = token;
        res.setHeader('x-debug-token', token);
        res.setHeader('x-debug-token-link', `http://${req.headers.host ?? '127.0.0.1'}${PROFILER}${token}`);
        return false;
      };
    },
  }),
  planted(inputSocketFault, {
    name: 'cus-type-concatenated-into-sql',
    description:
      "The purchase order mapper writes the customer-type condition as cus_type = '${cusType}', MyBatis's text substitution, where #{cusType} would bind a value; the SQL exception handler passes MySQL's message and the statement on to the caller",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 8,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "Error messages include stack traces, or expose other sensitive information" (and the filter value runs as SQL: API8:2019 Injection)',
      observable:
        'Request class: a list whose cusType holds a quote. cusType "1\'" answers code "500" with MySQL\'s syntax error and the whole SELECT, table and columns; cusType "1\' OR \'1\'=\'1" lists every purchase order whatever its status and cusType, where the clean server lists none',
    },
    expect: { check: 'database-error-leak', severity: 'warning' },
    when: (payload) => quotedCusType(payload) !== undefined,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const cusType = quotedCusType(payload);
      const asked = readRequest(payload, LIST_REQUEST);
      if (cusType === undefined || !succeeded(clean) || !asked.ok) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      // An odd number of quotes leaves the statement's closing quote opening a string that never ends.
      if (cusType.split("'").length % 2 === 0) return sendText(res, JSON.stringify(syntaxError({ pageSize, pageNo, status }, cusType)));
      if (!OR_TRUTH.test(cusType)) return sendText(res, JSON.stringify(clean));
      const everything = ((answerTo({ pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list as Json[];
      sendText(res, JSON.stringify({ ...clean, data: pageOf(everything, pageSize, pageNo, 'newest-first') }));
    },
  }),
];
