import type { Socket } from 'node:net';
import { interceptFault } from '../../../../src/reference/faults/fault.js';
import { PROFILE_CHANGE } from '../../../../src/reference/handlers/_internals/account.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { pathOf, succeeded, success } from '../_internals/answers.js';
import { bodyObject, rewriteBody } from '../_internals/request-body.js';
import { seeded } from '../_internals/seeded.js';
import { rewriteAnswer, withListed } from '../_internals/sequences.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** An order number no order has: the detail's refusal does not repeat it. */
const NO_ORDER = 'SO-renumbered';

/** The member's profile fields (4.1 "change profile") as the account holds them. */
const PROFILE_FIELDS = Object.keys(PROFILE_CHANGE);

/** The profile fields an account or a change holds, each a string with something in it. */
function profileOf(fields: object): Json {
  return Object.fromEntries(Object.entries(fields).filter(([name, value]) => PROFILE_FIELDS.includes(name) && typeof value === 'string' && value !== ''));
}

/** State shared by calls in flight at once, or kept on a connection across its calls: a later or a concurrent call answered as another's. */
export const concurrencyFaults: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'concurrent-profile-changes-lose-one',
    description:
      "The profile change runs member = memberRepository.findById(id) as the request comes in (a filter loads the member for the audit log), applies the body's fields once it is bound, and saves the whole row with save(member): two changes in flight at once both load the member before either saves, and the later save writes back the fields the earlier one changed as they were",
    operationId: 'member-change-profile',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '1: the member may "change profile" (4.1), and "read basic customer data" (4.1 "get customer basic information"): a change of one field leaves the others as the member last set them',
      observable:
        'Request class: two profile changes (4.1) in flight at once, {"realName":"王晓明"} and {"email":"wangxiaoming@163.com"}, the first still sending its body when the second is answered. Both answer success; the customer basic information (4.1) then holds the new realName and the old email (the change answered first is undone), where the clean server holds both; changes one after another are as from the clean server',
    },
    expect: { check: 'model-race-linearizable', severity: 'warning', at: 'member-basic-info' },
    interceptor() {
      const path = listedPathOf('member-change-profile');
      let saved = profileOf(seeded().account);
      return (req, res) => {
        if (req.url !== path) return false;
        const loaded = saved;
        let written: Json | undefined;
        rewriteBody(req, (text) => {
          const change = bodyObject(text);
          if (!change || !PROFILE_FIELDS.some((name) => Object.hasOwn(change, name))) return text;
          written = { ...loaded, ...change };
          return JSON.stringify(written);
        });
        rewriteAnswer(res, (body) => {
          if (succeeded(body) && written) saved = profileOf(written);
          return body;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'purchase-order-filter-sticks-to-connection',
    description:
      'The gateway in front of the purchase service binds the list query in a Netty handler that keeps it in a channel attribute, channel.attr(QUERY), meant to live for one request; it sets cusType in it only when a request carries one, and the attribute lives as long as the keep-alive connection: a list without cusType is filtered by the last cusType sent on the same connection',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #4: the purchase order list takes "pageSize (number), status (number), cusType (string)"; 4 rule 2: the request carries its own fields: a call without cusType is answered as such, whichever calls came before it on the connection',
      observable:
        'Request class: on one keep-alive connection, #4 with cusType "2", then #4 without cusType. The second answers only the purchase orders of cusType "2" (half the list, totalPage halved) where the clean server lists both types; the same call on a new connection lists both',
    },
    expect: { check: 'relation-same-on-any-connection', severity: 'warning' },
    interceptor() {
      const path = pathOf('purchase-order-list');
      const bound = new WeakMap<Socket, unknown>();
      return (req) => {
        if (req.url !== path) return false;
        rewriteBody(req, (text) => {
          const asked = bodyObject(text);
          if (!asked) return text;
          if (asked.cusType !== undefined && asked.cusType !== null) bound.set(req.socket, asked.cusType);
          return bound.has(req.socket) && asked.cusType === undefined ? JSON.stringify({ ...asked, cusType: bound.get(req.socket) }) : text;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'order-numbers-counted-per-instance',
    description:
      'soNo is "SO" + the day + a four-digit daily serial from an AtomicInteger in the order service, reset at midnight; the service runs as two instances behind a round-robin balancer, each with its own counter, so consecutive orders of a day are numbered 0001, 0001, 0002, 0002, …, and the detail and the dispatch note, which find an order by soNo, answer the first of the two',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.3: "soNo | string" of each order; 4.1: "order detail", "dispatch note of an order", found by the order number: each order placed has a number of its own, and its detail is that order',
      observable:
        'Request class: two alpha orders (#14) placed one after the other. Both are answered with soNo "SO<day>0001" where the clean server numbers them 0201 and 0202; the order list (#13) shows two orders of one soNo, and the order detail (4.1) of it answers the first, so the second is found by no number',
    },
    expect: { check: 'model-ids-distinct', severity: 'warning', at: 'alpha-orders-list' },
    interceptor() {
      const create = pathOf('alpha-order-create');
      const list = pathOf('alpha-orders-list');
      const lookups = new Set([listedPathOf('alpha-order-detail'), listedPathOf('alpha-order-dispatch-note')]);
      const serials = [0, 0];
      let placed = 0;
      const numbered = new Map<string, string>();
      const firstOf = new Map<string, string>();
      const shown = (soNo: unknown) => (typeof soNo === 'string' ? (numbered.get(soNo) ?? soNo) : soNo);
      const withShownNumber = (record: Json): Json => (record.soNo === undefined ? record : { ...record, soNo: shown(record.soNo) });
      return (req, res) => {
        const url = req.url ?? '';
        if (url === create)
          rewriteAnswer(res, (body) => {
            const order = body.data;
            if (!isPlainObject(order) || typeof order.soNo !== 'string') return body;
            const instance = placed % serials.length;
            placed += 1;
            serials[instance] = (serials[instance] ?? 0) + 1;
            const number = `${order.soNo.slice(0, -4)}${String(serials[instance]).padStart(4, '0')}`;
            numbered.set(order.soNo, number);
            if (!firstOf.has(number)) firstOf.set(number, order.soNo);
            return { ...body, data: withShownNumber(order) };
          });
        if (url === list) rewriteAnswer(res, (body) => withListed(body, withShownNumber));
        if (lookups.has(url)) {
          rewriteBody(req, (text) => {
            const asked = bodyObject(text);
            const soNo = typeof asked?.soNo === 'string' ? asked.soNo : undefined;
            if (!asked || soNo === undefined) return text;
            // A number renumbered on its way out names no order; a number shown names the first order given it.
            const renumbered = numbered.has(soNo) && numbered.get(soNo) !== soNo && !firstOf.has(soNo);
            const held = renumbered ? NO_ORDER : firstOf.get(soNo);
            return held === undefined ? text : JSON.stringify({ ...asked, soNo: held });
          });
          rewriteAnswer(res, (body) => (isPlainObject(body.data) ? { ...body, data: withShownNumber(body.data) } : body));
        }
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'token-checked-once-per-connection',
    description:
      "The gateway's auth handler resolves the token against Redis and keeps the member on the connection, ctx.channel().attr(MEMBER), to spare a lookup per call; it reads the authorization header only while the channel holds no member. The partner integration reaches it through a proxy that pools keep-alive connections across its own clients, so once one call on a connection has signed in, every later call on it is let in as that member, with any authorization header or none",
    operationId: 'bank-card-list',
    redTeam: {
      round: 13,
      standard: 'RFC 9110',
      clause:
        '16.4.2: "HTTP authentication is presumed to be stateless: all of the information necessary to authenticate a request MUST be provided in the request, rather than be dependent on the server remembering prior requests. Authentication based on, or bound to, the underlying connection is outside the scope of this specification and inherently flawed unless steps are taken to ensure that the connection cannot be used by any party other than the authenticated user" (and ' +
        OWASP +
        ' API2:2023 Broken Authentication)',
      observable:
        'Request class: on one keep-alive connection, bankCardList (#7) with the documented authorization header, then the same call without it (or with a wrong token). The second answers the member\'s cards, code "200", where the clean server refuses it with code "401"; the call without the header on a new connection is refused as before',
    },
    expect: { check: 'auth-unauthorized-data', severity: 'warning' },
    interceptor(token) {
      const signedIn = new WeakSet<Socket>();
      const documented = `bearer${token}`;
      return (req) => {
        if (req.headers.authorization === documented) signedIn.add(req.socket);
        else if (signedIn.has(req.socket)) req.headers.authorization = documented;
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'publishes-in-flight-keep-one',
    description:
      "A filter opens the member's one draft row when a publish request arrives (UPDATE member_draft SET token = ? WHERE member_id = ?), and the service, once the body is bound, inserts the consignment only WHERE the draft still holds its token, and answers success without reading the rows it affected: of two publishes in flight at once, the one that arrived first finds its token replaced and inserts nothing",
    operationId: 'consignment-publish',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #5: publishConsignment answers an "empty object" as data; 7 rule 1: "Results and errors are carried in the envelope fields": a publish answered as a success has published a consignment the list (4.1) shows',
      observable:
        'Request class: two publishConsignment (#5) in flight at once (the first still sending its body when the second is answered), with two packs. Both answer success, yet the consignment list (4.1) holds only the second where the clean server holds both; publishes one after another are each listed',
    },
    expect: { check: 'model-race-linearizable', severity: 'warning', at: 'consignment-list' },
    interceptor() {
      const path = pathOf('consignment-publish');
      let draft = 0;
      return (req, res) => {
        if (req.url !== path) return false;
        draft += 1;
        const token = draft;
        let replaced = false;
        rewriteBody(req, (text) => {
          replaced = draft !== token;
          // A body the handler refuses: nothing is inserted.
          return replaced ? '{}' : text;
        });
        rewriteAnswer(res, (body) => (replaced ? success({}) : body));
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'beta-orders-at-once-numbered-alike',
    description:
      'numbers a beta order (#15) as a filter stamps it for the access log, before the body is read: the last number saved plus one. Orders one after another get numbers of their own; two whose requests arrive before either is saved get the same one',
    operationId: 'beta-order-create',
    expect: { check: 'model-race-linearizable', severity: 'warning' },
    interceptor() {
      const create = pathOf('beta-order-create');
      let saved = 0;
      return (req, res) => {
        if (req.url !== create) return false;
        const stamped = `SO-B${String(saved + 1).padStart(6, '0')}`;
        rewriteAnswer(res, (body) => {
          const order = body.data;
          if (!isPlainObject(order) || typeof order.soNo !== 'string') return body;
          saved += 1;
          return { ...body, data: { ...order, soNo: stamped } };
        });
        return false;
      };
    },
  }),
];
