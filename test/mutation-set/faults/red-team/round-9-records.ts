/**
 * Red team round 9, records across answers: pages cached under a key that leaves out the page
 * size, row numbers listed where the records' ids belong, text stored as the HTML an input filter
 * made of it, and a renewed token that no gateway knows.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { codeText, LIST_REQUEST, optional, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type Fault, type FaultFacts, interceptFault, misreadFault, pagingFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { listedPathOf } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** #4 "pageSize (number), status (number), cusType (string)", pageNo where given (4 rule 2). */
const PURCHASE_ORDER_LIST = { ...LIST_REQUEST, cusType: optional(codeText, 'a string such as "1"') };

/** The key @Cacheable files a purchase order page under: the member, the filters and the page, but not its size. */
function pageCacheKey(payload: unknown): string | undefined {
  const asked = readRequest(payload, PURCHASE_ORDER_LIST);
  if (!asked.ok) return undefined;
  const { status = null, cusType = null, pageNo = 1 } = asked.value;
  return JSON.stringify([status, cusType, pageNo]);
}

/** Each server's page cache, handed to the list calls that read it. */
const pageCacheFor = new WeakMap<IncomingMessage, Map<string, string>>();

/** A fault that answers its operation's calls its own way, and also watches the requests of others before routing. */
function watchingFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...socketFault(facts), interceptor: facts.interceptor };
}

/** Spring's HtmlUtils.htmlEscape, which the XSS filter applies to every request string. */
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const htmlEscaped = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Every string in a request body, member names aside, as the filter hands it on. */
function escapedStrings(value: unknown): unknown {
  if (typeof value === 'string') return htmlEscaped(value);
  if (Array.isArray(value)) return value.map(escapedStrings);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, escapedStrings(member)]));
  return value;
}

/** A token the token service makes at a renewal, derived from the first so that runs repeat: 32 hexadecimal digits, as its UUIDs without dashes are. */
const renewedToken = (token: string, renewal: number): string => createHash('sha256').update(`renewal:${renewal}:${token}`, 'utf8').digest('hex').slice(0, 32);

export const round9Records: readonly PlantedFault[] = [
  planted(watchingFault, {
    name: 'page-cached-without-its-size',
    description:
      "The purchase order list is cached with Spring's @Cacheable(key = \"#memberId + ':' + #status + ':' + #cusType + ':' + #pageNo\"): pageSize was added to the method later and never to the key, so the first size asked for a page is the one every later call gets, until a publish evicts the cache",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '4, #4: the list takes "pageSize (number)"; 2.2: "totalPage | integer (total number of pages)", "list | array of records": a page asked with pageSize 50 holds up to 50 records, and totalPage counts pages of 50',
      observable:
        "Request class: the same list asked with two page sizes (pageSize 10, then pageSize 50, same status, cusType and page). The second answers the first's page, 10 purchase orders and totalPage 20, where the clean server sends 50 and totalPage 4; purchase_order/publish (4.1) clears it",
    },
    expect: { check: 'page-size-asked', severity: 'warning' },
    interceptor() {
      const list = pathOf('purchase-order-list');
      const publish = listedPathOf('purchase-order-publish');
      const cache = new Map<string, string>();
      return (req) => {
        if (req.url === publish) cache.clear();
        if (req.url === list) pageCacheFor.set(req, cache);
        return false;
      };
    },
    respond(res, body, payload) {
      const text = JSON.stringify(body);
      const cache = pageCacheFor.get(res.req);
      const key = pageCacheKey(payload);
      if (!cache || key === undefined || !succeeded(body as Json)) return sendText(res, text);
      const cached = cache.get(key);
      if (cached === undefined) cache.set(key, text);
      sendText(res, cached ?? text);
    },
  }),
  planted(pagingFault, {
    name: 'listed-ids-are-row-numbers',
    description:
      "The card list's mapper reads a view written for the web page's table, whose first column is the row number the page shows, ROW_NUMBER() OVER (ORDER BY id DESC) AS id; the result map puts it into the card's id",
    operationId: 'bank-card-list',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause: '2.8: the bank card record has "id | integer"; 4, #8: bankCardInfoById takes "id": the id the list (#7) shows for a card is the id that names it',
      observable:
        "Every listed card's id is its place in the list: page 1 (pageSize 10) holds ids 1 to 10, the cards bankCardInfoById knows as 200 to 191; bankCardInfoById of a listed id answers another card (1 is the oldest), and ids above the card count are never listed",
    },
    expect: { check: 'flow-bank-card-lifecycle', severity: 'warning' },
    page: (data, asked) => ({
      ...data,
      list: (data.list as Json[]).map((card, index) => ({ ...card, id: (asked.pageNo - 1) * asked.pageSize + index + 1 })),
    }),
  }),
  planted(misreadFault, {
    name: 'request-text-stored-html-escaped',
    description:
      "The open API shares the web console's XssFilter, a servlet filter that wraps every request and runs each string value through HtmlUtils.htmlEscape before the controller binds it, so text is stored as the HTML that would display it",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '4, #14: createAlphaOrders takes "soCaName, …, soCaStreet, soNote (all strings)" and answers the "Order with items (2.3, 2.4)"; 2.3: the order has "soCaStreet | string", "soNote | string": the order created and listed (#13) holds the text sent',
      observable:
        'Request class: an order whose text holds & < > " or \' (soNote "发票抬头\\"杭州博远\\" & 送货前电话", soCaStreet "A&B座"). The created order, and the list after, read "&quot;杭州博远&quot; &amp; 送货前电话" and "A&amp;B座"; text without those characters comes back as sent',
    },
    expect: { check: 'text-html-escaped', severity: 'warning' },
    misreads: (payload) => escapedStrings(payload) as Json,
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
