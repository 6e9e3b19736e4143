import { inputFault, interceptFault, json, pagingFault } from '../../../../src/reference/faults/fault.js';
import { bankCardAsConsignee } from '../../../../src/reference/handlers/_internals/bank-cards.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { Consignee } from '../../../../src/reference/records.js';
import { roundToCents } from '../../../../src/reference/seeding/formats.js';
import { cardNumber } from '../../../../src/reference/seeding/people.js';
import { mulberry32 } from '../../../../src/reference/seeding/random.js';
import { BODY_LIMIT_BYTES, gzipCoded, inflateBody, notify, NOTIFY_ECHO_CHARS } from '../_internals/access.js';
import { pathOf, sendText, succeeded, success } from '../_internals/answers.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import { bodyObject, rewriteBody, watchBody } from '../_internals/request-body.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP } from '../_internals/standards.js';
import { inputSocketFault, watchingFault } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/**
 * Runs the failed match for `ms` of the process's time on a processor, as V8 would: on a busy
 * machine it takes as many times longer as the server's other answers do, and stays as far above
 * them as on a quiet one, where a sleep of fixed length would sink among answers the load slowed.
 */
function backtrackFor(ms: number): void {
  const started = process.cpuUsage();
  const spentMs = () => {
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000;
  };
  while (spentMs() < ms) /^(\d+)+$/.test(`${'1'.repeat(CHEAP_DIGITS)}x`);
}

/** Sends the held answer once `after` has settled, unless the connection went meanwhile. */
function sendAfter(after: Promise<void>, res: ServerResponse, send: () => void): void {
  void after.then(() => {
    if (!res.socket?.destroyed) send();
  });
}

/** The price a client put on an order item (#15 documents pCode, brandId and num only), where it is one. */
function clientPrice(item: unknown): number | undefined {
  const price = isPlainObject(item) ? item.siPrice : undefined;
  const number = typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? Number(price) : price;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

const itemsOf = (payload: unknown): unknown[] => (isPlainObject(payload) && Array.isArray(payload.items) ? payload.items : []);

/** "13812345678,13912345678": what an SMS gateway that takes up to a thousand numbers a call reads as several. */
const SEVERAL_MOBILES = /^\d{11}(,\d{11})+$/;

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** A page size of 0, as a number or as the string of it. */
const zeroPageSize = (payload: unknown): boolean => isPlainObject(payload) && (payload.pageSize === 0 || payload.pageSize === '0');

/** Requests that take more than they should (OWASP API3 mass assignment, API4 resource consumption, API7 server-side requests): fields, recipients, time and size. */
export const resourceFaults: readonly PlantedFault[] = [
  planted(pagingFault, {
    name: 'page-size-ignored-whole-table',
    description: 'The query has no LIMIT: every page is every bank card the member has, whatever pageSize asks',
    operationId: 'bank-card-list',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: the API is vulnerable when it sets no "maximum number of … records per page to return in a single request-response"',
      observable: 'A page asked with pageSize 10 holds all 200 bank cards, with totalPage 1',
    },
    expect: { check: 'page-size-asked', severity: 'warning' },
    page: (data, _asked, pageAt) => {
      const everything = pageAt(1_000_000, 1).list as Json[];
      return { ...data, totalPage: everything.length > 0 ? 1 : 0, list: everything };
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
            const running = (stalled ?? Promise.resolve()).then(() => backtrackFor(cost));
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
  planted(inputFault, {
    name: 'client-set-line-price-honoured',
    description:
      "The order lines are bound from the request's items with every property they carry, so a siPrice sent by the client replaces the catalogue price",
    operationId: 'beta-order-create',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint allows a user to change, add/or delete the value of a sensitive object\'s property which the user should not be able to access" (Mass Assignment)',
      observable:
        'Request class: an order whose item carries siPrice (0.01), a field #15 does not take. The created line is priced at 0.01, its siAmount and siVamount and the soTotal follow',
    },
    expect: { check: 'mass-assignment', severity: 'warning', breaks: ['owasp-api3-mass-assignment'] },
    when: (payload) => itemsOf(payload).some((item) => clientPrice(item) !== undefined),
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      if (!succeeded(clean) || !isPlainObject(data) || !Array.isArray(data.items)) return json(clean);
      const asked = itemsOf(payload);
      const lines = (data.items as Json[]).map((line, index) => {
        const siPrice = clientPrice(asked[index]);
        if (siPrice === undefined) return line;
        const siAmount = roundToCents(siPrice * (line.siNum as number));
        return { ...line, siPrice, siAmount, siVamount: roundToCents(siAmount * (line.siDiscount as number)) };
      });
      const goods = lines.reduce((sum, line) => sum + (line.siVamount as number), 0);
      return json({ ...clean, data: { ...data, soTotal: roundToCents(goods + (data.soFreightPrice as number)), items: lines } });
    },
  }),
  planted(inputFault, {
    name: 'send-code-to-comma-separated-mobiles',
    description:
      'The mobile goes as sent to an SMS gateway whose phone-number field takes up to a thousand numbers separated by commas; the server checks only that it is digits and commas',
    operationId: 'send-code',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: vulnerable if a limit is missing on the "Number of operations to perform in a single API client request", where requests are "paid for per request, such as sending emails/SMS"',
      observable:
        'Request class: a send-code whose mobile lists several numbers ("13812345678,13912345678"). It succeeds (one paid SMS per number) where the clean server refuses the mobile',
    },
    expect: { check: 'several-recipients', severity: 'warning', breaks: ['owasp-api4-operations-per-request'] },
    when: (payload) => isPlainObject(payload) && typeof payload.mobile === 'string' && SEVERAL_MOBILES.test(payload.mobile),
    answer: () => json(success({})),
  }),
  planted(inputSocketFault, {
    name: 'page-size-zero-lists-everything',
    description:
      'The list is paged with MyBatis PageHelper configured with pageSizeZero=true, under which a pageSize of 0 means no LIMIT: the whole table in one answer',
    operationId: 'bank-card-list',
    redTeam: {
      round: 5,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: an API is vulnerable if a limit is "missing or set inappropriately", among them the "Number of records per page to return in a single request-response"',
      observable:
        'Request class: bankCardList with pageSize 0, a boundary value. It answers every bank card of the member, 200 holders and account numbers, as one page (totalPage 1), where the clean server refuses the page size',
    },
    expect: { check: 'page-size-asked', severity: 'warning', breaks: ['owasp-api4-records-per-page'] },
    when: zeroPageSize,
    respond(res, _body, payload, answerTo) {
      sendText(res, JSON.stringify(answerTo({ ...(payload as Json), pageSize: EVERY_RECORD, pageNo: 1 })));
    },
  }),
];
