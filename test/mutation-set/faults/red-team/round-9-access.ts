/**
 * Red team round 9, access: a CORS policy that grants credentials to whatever origin asks, a
 * session cookie from login that stands in for the token, a status filter that takes the place of
 * the member's own condition, and an order looked up by a customer PO number every member uses.
 */
import { createHash } from 'node:crypto';
import { A_QUANTITY_STRING, createdOrder, ORDER_HEADER } from '../../../../src/reference/handlers/_internals/orders.js';
import {
  A_PRODUCT_CODE,
  A_STRING,
  LIST_REQUEST,
  nonEmptyListOf,
  productCode,
  quantityText,
  readRequest,
  required,
  text,
} from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { CustomDemand } from '../../../../src/reference/records.js';
import { DOCUMENT_PREFIX, documentNumber, seededDate } from '../../../../src/reference/seeding/formats.js';
import {
  type Answer,
  answerAfterBody,
  type Fault,
  type FaultFacts,
  gateFault,
  inputFault,
  interceptFault,
  json,
} from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded, success } from './_internals/answers.js';
import { heldJson, holdAnswer } from './_internals/held-answer.js';
import { seeded } from './_internals/seeded.js';
import { inputSocketFault } from './_internals/struck.js';
import { OWASP, SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** How long a browser may keep the preflight's grant before it asks again. */
const PREFLIGHT_MAX_AGE_SECONDS = 3600;

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

/** Where the ids of other members' records start: past any id the member's own lists hand out. */
const OTHER_MEMBERS_IDS = 100_000;

/** The custom demands of other members with this status: as many as the member's own, ids of their own, numbered as theirs are. */
function otherMembersDemands(status: number): CustomDemand[] {
  return seeded()
    .customDemands.filter((demand) => demand.status === status)
    .map((demand) => {
      const id = OTHER_MEMBERS_IDS + demand.id;
      const at = seededDate(demand.id);
      return {
        ...demand,
        id,
        demandNumber: documentNumber(DOCUMENT_PREFIX.demand, at, id),
        serialNumber: documentNumber(DOCUMENT_PREFIX.demandSerial, at, id),
        remark: '',
      };
    });
}

/** More records than any list of the server holds: every record a filter matches, on one page. */
const EVERY_RECORD = 1_000_000;

const statusGiven = (payload: unknown): boolean => isPlainObject(payload) && payload.status !== undefined && payload.status !== null;

/** A PO number as the order form pre-fills it, PO, the date and a daily serial, with the serial; undefined for any other. */
function formPo(payload: unknown): number | undefined {
  const po = isPlainObject(payload) ? payload.soCusPo : undefined;
  const serial = typeof po === 'string' ? /^PO\d{8}(\d{4})$/.exec(po)?.[1] : undefined;
  return serial === undefined ? undefined : Number(serial);
}

/** How many orders a day the other members place through the form: every PO of the form with a serial up to this one is taken. */
const OTHER_MEMBERS_DAILY_ORDERS = 20;

/** #15: the header fields of #14 and "items: array of {pCode (string), brandId (string), num (string)}", checked before the INSERT meets the key. */
const BETA_ORDER_REQUEST = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({ pCode: required(productCode, A_PRODUCT_CODE), brandId: required(text, A_STRING), num: required(quantityText, A_QUANTITY_STRING) }),
};

/** Whether the order would be placed, and its PO is one another member's order already holds. */
function poTaken(payload: unknown): boolean {
  const serial = formPo(payload);
  return serial !== undefined && serial >= 1 && serial <= OTHER_MEMBERS_DAILY_ORDERS && readRequest(payload, BETA_ORDER_REQUEST).ok;
}

/** A fault that answers the calls `when` picks its own way, and lets the handler place nothing for them. */
function placesNothing(facts: FaultFacts & { when(payload: unknown): boolean; answer(body: unknown, payload: unknown): Answer }): Fault {
  // An empty body is refused before anything is stored.
  return { ...inputFault(facts), misreads: () => ({}) };
}

/** The beta order another member placed under the same PO: one of the seed's, with that member's name and mobile and an id of its own. */
function otherMembersOrder(serial: number): Json {
  const { betaOrders, members } = seeded();
  const stored = betaOrders[serial % betaOrders.length]!;
  const member = members[serial % members.length]!;
  const id = OTHER_MEMBERS_IDS + serial;
  const mobile = Number(member.mobile);
  const order = {
    ...stored.order,
    soId: id,
    soNo: documentNumber(DOCUMENT_PREFIX.order, stored.order.soCtime, id),
    soCaName: member.realName,
    soCaMobile: mobile,
    soCiaName: member.realName,
    soCiaMobile: mobile,
    soCiTitle: member.companyName,
  };
  return createdOrder({ ...stored, order }) as Json;
}

export const round9Access: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'cors-grants-any-origin-credentials',
    description:
      "The open API's CORS configuration is Spring's addAllowedOriginPattern(\"*\") with setAllowCredentials(true), set so that the partners' web pages could call it: the pattern matches every origin, and Spring answers each with the origin it was sent",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set" (here every origin, "null" included, may read answers sent with the member\'s credentials)',
      observable:
        'Request class: a call with an Origin field (https://evil.example, or null). The answer carries Access-Control-Allow-Origin: https://evil.example and Access-Control-Allow-Credentials: true, and the preflight (OPTIONS) grants POST, authorization and content-type to it; the clean server sends no CORS field',
    },
    expect: { check: 'cors-reflected-origin', severity: 'warning', breaks: ['owasp-api8-cors'] },
    interceptor() {
      const path = pathOf('alpha-orders-list');
      return (req, res) => {
        const origin = req.headers.origin;
        if (req.url !== path || origin === undefined) return false;
        // Spring's DefaultCorsProcessor names what the grant varies on, so caches keep one per origin.
        const granted = {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        };
        if (req.method !== 'OPTIONS') {
          for (const [name, value] of Object.entries(granted)) res.setHeader(name, value);
          return false;
        }
        const headers = {
          ...granted,
          'access-control-allow-methods': req.headers['access-control-request-method'] ?? 'POST',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'authorization, content-type',
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
        };
        answerAfterBody(req, res, { status: 200, contentType: 'text/plain', headers, body: '' });
        return true;
      };
    },
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
  planted(inputSocketFault, {
    name: 'status-filter-replaces-member-condition',
    description:
      "The demand list's MyBatis where clause is a <choose>: <when test=\"status != null\">status = #{status}</when> <otherwise>member_id = #{memberId}</otherwise>, meant to be two <if>s, so a status filter takes the place of the member's own condition and lists every member's demands of that status",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Object level authorization is an access control mechanism that is usually implemented at the code level to validate that a user can only access the objects that they should have permissions to access"',
      observable:
        "Request class: #1 with a status (status 1). The pages hold, before the member's own, demands with ids from 100001 that neither the list without status nor the detail (4.1) knows, other members' demands, and totalPage counts them; without status the list is the member's",
    },
    expect: { check: 'filter-outside-list', severity: 'warning', breaks: ['owasp-api1-filtered-list'] },
    when: statusGiven,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || asked.value.status === undefined) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      const own = (((answerTo({ ...(payload as Json), pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list ?? []) as Json[];
      const everyMembers = [...own, ...(otherMembersDemands(status) as unknown as Json[])].sort((a, b) => Number(b.id) - Number(a.id));
      sendText(res, JSON.stringify({ ...clean, data: pageOf(everyMembers, pageSize, pageNo, 'newest-first') }));
    },
  }),
  planted(placesNothing, {
    name: 'customer-po-answers-another-members-order',
    description:
      "createBetaOrders was made idempotent on the customer's PO number, as the ERP guide asks, with a unique key on so_cus_po alone rather than on the member and the PO; on a duplicate key the service selects the order by so_cus_po and answers it as created, whoever placed it",
    operationId: 'beta-order-create',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Object level authorization checks should be considered in every function that accesses a data source using an ID from the user" (here the soCusPo of #15)',
      observable: `Request class: an order whose soCusPo is one the order form pre-fills, PO, a date and a serial up to ${String(OTHER_MEMBERS_DAILY_ORDERS).padStart(4, '0')} (PO202611220007), which other members use too. It answers another member's order, soId from 100001, their name and mobile, items not those sent, and creates nothing; other POs create the order`,
    },
    expect: { check: 'order-line-codes', severity: 'warning' },
    when: poTaken,
    answer: (_body, payload) => json(success(otherMembersOrder(formPo(payload)!))),
  }),
];
