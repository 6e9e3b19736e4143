import { answerAfterBody, inputFault, interceptFault, json, pagingFault } from '../../../../src/reference/faults/fault.js';
import { LIST_REQUEST, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { JSON_TYPE, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { SPEC } from '../_internals/standards.js';
import { inputSocketFault, watchingFault } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

const newestFirst = (a: Json, b: Json): number => Number(b.id) - Number(a.id);

/** Jackson's refusal of a member its request class does not declare, with FAIL_ON_UNKNOWN_PROPERTIES on as a bare ObjectMapper has it. */
const UNRECOGNIZED_PAGE_NO =
  'Unrecognized field "pageNo" (class com.otp.demand.dto.DemandListQuery), not marked as ignorable (2 known properties: "pageSize", "status"])';

/** Where a member's keyset cursor stands: the id of the last demand a page sent it, or none yet. */
interface Cursor {
  last?: number;
}

/** Each server's cursor (one member, one token), handed to the list calls that read it. */
const cursorFor = new WeakMap<IncomingMessage, Cursor>();

const listIn = (answer: unknown): Json[] => ((answer as Json).data as Json).list as Json[];

/** How long the proxy keeps an answer (proxy_cache_valid 200 5m). */
const CACHE_SECONDS = 300;

/** Keeps what the server writes to this answer, the body given to `end`, and hands it to `keep`. */
function onBody(res: ServerResponse, keep: (text: string) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [body] = args;
    if (typeof body === 'string' || Buffer.isBuffer(body)) keep(String(body));
    return end(...args);
  }) as ServerResponse['end'];
}

/** Whether an answer's text is a success in the full envelope; the proxy keeps only those (HTTP 200 with code "200"). */
function isSuccess(text: string): boolean {
  try {
    return succeeded(JSON.parse(text) as Json);
  } catch {
    return false;
  }
}

/** Every record of the list `payload` asks for, filters kept, on one page, in the list's order. */
function everyRecord(answerTo: (payload: unknown) => unknown, payload: Json): Json[] {
  const data = (answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data;
  return isPlainObject(data) && Array.isArray(data.list) ? (data.list as Json[]) : [];
}

const given = (value: unknown): boolean => value !== undefined && value !== null;

/** Pages that answer another page than the one asked for (2.2, 4 rule 2): the page number echoed, defaulted, refused, or the same page twice otherwise. */
export const pageNumberFaults: readonly PlantedFault[] = [
  planted(pagingFault, {
    name: 'total-page-and-page-no-swapped',
    description:
      "The open API's PageResult is built by a constructor PageResult(List<T> list, int totalPage, int pageNo); the order list's service calls new PageResult<>(orders, query.getPageNo(), page.getPages()), its arguments in the order the request names them, and both are ints, so nothing complains",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)", "pageNo | integer (current page number)"',
      observable:
        "Every page but the last says totalPage is the page asked and pageNo the number of pages: page 1 of the 30 orders at pageSize 10 reads totalPage 1, pageNo 3, so a client that walks to totalPage stops after the first page; the last page, where the two agree, and every list are the clean server's",
    },
    expect: { check: 'page-number-echo', severity: 'error' },
    page: (data) => ({ totalPage: data.pageNo, pageNo: data.totalPage, list: data.list }),
  }),
  planted(inputFault, {
    name: 'page-no-refused-as-unknown-member',
    description:
      "The demand service is Jersey with a bare ObjectMapper, whose FAIL_ON_UNKNOWN_PROPERTIES is on (Spring Boot's auto-configured one turns it off, a plain new ObjectMapper() does not), and its DemandListQuery was written from the row of #1, pageSize and status: a body that also carries pageNo fails to bind with UnrecognizedPropertyException, which the exception mapper answers as the refusal",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause: '4 rule 2: "In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list"',
      observable: `Request class: a list that gives pageNo, as every call for page 2 on must ({"pageSize":10,"pageNo":2}, and pageNo 1 or null alike). It is refused with code "400" and "${UNRECOGNIZED_PAGE_NO}", so only page 1 of the demands can be had; {"pageSize":10} and {"pageSize":10,"status":1} answer as before`,
    },
    expect: { check: 'page-number-refused', severity: 'warning' },
    when: (payload) => isPlainObject(payload) && Object.hasOwn(payload, 'pageNo'),
    answer: () => json({ data: {}, status: 'fail', code: '400', message: UNRECOGNIZED_PAGE_NO, error: { field: 'pageNo', reason: UNRECOGNIZED_PAGE_NO } }),
  }),
  planted(watchingFault, {
    name: 'page-no-past-one-continues-the-last-page',
    description:
      "custom_demand/list shares the service of the mini-program's endless scroll, which pages by keyset (WHERE id < :lastId ORDER BY id DESC LIMIT :pageSize) and keeps in Redis, under the member's key, the id of the last demand it sent: pageNo 1, or none, starts over, and any other pageNo continues after the last page sent, whatever number it asks. A client that walks pages 1, 2, 3 in order gets the right pages",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '2.2: "pageNo | integer (current page number)", "list | array of records"; 4 rule 2: "In list operations the request carries pageSize and, where given, pageNo": page n holds the records of page n, however often and in whatever order it is asked for',
      observable:
        "Request class: a page asked again, or out of order (page 2 retried, page 3 right after page 1). Page 2 asked twice answers demands 180 to 171 the second time, under pageNo 2, where the clean server answers 190 to 181 again; page 3 asked after page 1 answers page 2's demands; after a walk to the last page, every page but page 1 is empty",
    },
    expect: { check: 'page-asked-again', severity: 'warning' },
    interceptor() {
      const path = pathOf('custom-demand-list');
      const cursor: Cursor = {};
      return (req) => {
        if (req.url === path) cursorFor.set(req, cursor);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const cursor = cursorFor.get(res.req);
      const asked = readRequest(payload, LIST_REQUEST);
      if (!cursor || !asked.ok || !succeeded(clean)) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      const every = listIn(answerTo({ pageSize: EVERY_RECORD, pageNo: 1, ...(status === undefined ? {} : { status }) })).sort(newestFirst);
      const last = pageNo === 1 ? undefined : cursor.last;
      const list = (last === undefined ? every : every.filter((demand) => Number(demand.id) < last)).slice(0, pageSize);
      // Page 1 sets the cursor afresh; a page past the end leaves it where it was.
      if (pageNo === 1 || list.length > 0) cursor.last = list.length > 0 ? Number(list.at(-1)!.id) : undefined;
      sendText(res, JSON.stringify({ ...clean, data: { ...(clean.data as Json), list } }));
    },
  }),
  planted(pagingFault, {
    name: 'total-page-guessed-from-a-slice',
    description:
      "The brand's product page moved from Page<Product> to Spring Data's Slice<Product> when COUNT(*) over the product table began to time out under the catalogue's load: a Slice fetches pageSize + 1 rows and knows only whether another page follows. The mapper to the open API's page fills totalPage as slice.hasNext() ? pageNo + 1 : pageNo, which the mall's endless scroll reads correctly",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.2: "totalPage | integer (total number of pages)"; 4 rule 2: "In list operations … the response carries totalPage, pageNo and list": the same number on every page of one list, the number of pages its records fill',
      observable:
        'totalPage is one past the page asked on every page but the last: brand 1 at pageSize 10 reads totalPage 2 on page 1, 3 on page 2, and the true count only on its last page, so a client that takes totalPage from page 1 stops after page 2; a page past the last reads totalPage equal to the pageNo asked (page 9 of 5: totalPage 9), and a brand without products totalPage 1 where the clean server says 0; every list is as the clean server sends it',
    },
    expect: { check: 'page-total-steady', severity: 'warning' },
    page: (data, asked, pageAt) => {
      const more = (pageAt(asked.pageSize, asked.pageNo + 1).list as Json[]).length > 0;
      return { ...data, totalPage: more ? asked.pageNo + 1 : asked.pageNo };
    },
  }),
  planted(interceptFault, {
    name: 'proxy-cache-ignores-post-body',
    description:
      'The nginx in front caches the product catalogue (proxy_cache_methods GET HEAD POST, proxy_cache_valid 200 5m) under its default key, $scheme$proxy_host$request_uri, which leaves out the request body and the authorization header',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 4,
      standard: 'RFC 9111',
      clause:
        '4: a cache "MUST NOT reuse a stored response unless" … "the request method associated with the stored response allows it to be used for the presented request"; RFC 9110, 9.3.3: "a POST request cannot be satisfied by a cached POST response because POST is potentially unsafe"',
      observable: `Once one call has succeeded, every call to the path for ${CACHE_SECONDS} s gets that same page with Age and X-Cache-Status: HIT: brandId 2 answers brand 1's products, page 2 answers page 1, a call without authorization answers them too`,
    },
    expect: { check: 'page-number-echo', severity: 'error' },
    interceptor() {
      const path = pathOf('beta-products-by-brand');
      let stored: { readonly text: string; readonly at: number } | undefined;
      return (req, res) => {
        if (req.url !== path || req.method !== 'POST') return false;
        const age = stored && Math.floor((Date.now() - stored.at) / 1000);
        if (stored && age !== undefined && age < CACHE_SECONDS) {
          answerAfterBody(req, res, { contentType: JSON_TYPE, headers: { age: String(age), 'x-cache-status': 'HIT' }, body: stored.text });
          return true;
        }
        res.setHeader('x-cache-status', 'MISS');
        onBody(res, (text) => {
          if (isSuccess(text)) stored = { text, at: Date.now() };
        });
        return false;
      };
    },
  }),
  planted(inputSocketFault, {
    name: 'first-page-oldest-first-without-page-no',
    description:
      "Without pageNo the controller takes another path, Spring Data's findAll(PageRequest.of(0, pageSize)) with the repository's default sort, id ascending; with pageNo the mapper's query sorts newest first",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '4 rule 2: "the request carries pageSize and, where given, pageNo"; 2.2: "pageNo | integer (current page number)": a call without pageNo answers page 1 of the list whose page 2 follows it',
      observable:
        'Request class: #1 as documented, pageSize and status, no pageNo. It answers pageNo 1 with the oldest demands (ids 1 to 10), while pageNo 1 gives ids 200 to 191 and pageNo 2 ids 190 to 181: a walk from the documented call never meets ids 191 to 200',
    },
    expect: { check: 'page-number-default', severity: 'warning' },
    when: (payload) => isPlainObject(payload) && !given(payload.pageNo),
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || !isPlainObject(clean.data)) return sendText(res, JSON.stringify(clean));
      const oldestFirst = everyRecord(answerTo, payload as Json).reverse();
      sendText(res, JSON.stringify({ ...clean, data: { ...clean.data, list: oldestFirst.slice(0, asked.value.pageSize) } }));
    },
  }),
];
