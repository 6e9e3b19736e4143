import type { CallRecord } from '../types.js';
import { type Relation, relationCallOf, type RelationPayload } from './relation.js';

/** The fields of a list request that number its pages: every other field chooses which records it lists. */
const PAGE_FIELDS: ReadonlySet<string> = new Set(['pageSize', 'pageNo']);

/** The base with every field that chooses the records left out: undefined where it has none. */
function withoutChoosing(base: RelationPayload): RelationPayload | undefined {
  const kept = Object.entries(base).filter(([field]) => PAGE_FIELDS.has(field));
  return kept.length < Object.keys(base).length ? Object.fromEntries(kept) : undefined;
}

/** What a client tells an answer by: its status, the envelope's code, and, of a page, its total and its records in order. */
function answerOf(call: CallRecord): string | undefined {
  if (call.status === undefined || call.failure !== undefined) return undefined;
  const envelope = call.envelope;
  if (!envelope) return `HTTP ${call.status}, no envelope`;
  const page = envelope.page ? `, totalPage ${JSON.stringify(envelope.page.totalPage)}, ${envelope.records} records [${envelope.keys.join(' ')}]` : '';
  return `HTTP ${call.status}, code ${JSON.stringify(envelope.code)}${page}`;
}

export const sameOnAnyConnection: Relation = {
  id: 'relation-same-on-any-connection',
  rule: '4 rule 2',
  quote: 'In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
  standards: [],
  severity: 'warning',
  title: 'A list answers otherwise after another request on the same connection',
  description:
    'The list asked with the fields that choose its records left out (its pageSize and pageNo kept) answers otherwise on a keep-alive connection right after a request of the same list with those fields given than on a connection of its own: the server kept what the earlier request asked on the connection (a filter bound in a per-connection attribute, a query object reused) and answers the later request with it. A client behind a pool or a proxy, whose connections carry other requests, gets a list it did not ask for. The request is asked alone on a new connection, then on another new connection right after the list with the fields given, then alone on a new connection once more: only where the two asked alone agree (nothing changed the list between them) and the one asked after the other request differs is the relation broken; it is then asked once more, all three, and only answers that break it again are reported. It rests on RFC 9110 3.3: "HTTP is defined as a stateless protocol, meaning that each request message\'s semantics can be understood in isolation, and that the relationship between connections and messages on them has no impact on the interpretation of those messages." A warning: the spec says nothing of connections, and the RFC\'s sentence is a definition, not a MUST.',
  cannotSee:
    'A server that keeps state across connections (a session, a cache keyed by the account) rather than on one; a connection state that a request with the fields given keeps but one with other values overrides; lists whose base request has no field besides pageSize and pageNo; a run through a proxy, which cannot hold a connection of its own.',
  fits: (operation) => operation.paging !== undefined && operation.response.kind === 'page' && !operation.mutates,
  sources(base) {
    const source = withoutChoosing(base);
    return source ? [source] : [];
  },
  followUps: (source, _walk, base) => (base ? [base, source] : []),
  answers: 'after-another',
  judge(source, followUps) {
    const [before, afterAnother, aloneAgain] = followUps;
    const alone = answerOf(source);
    const after = afterAnother && answerOf(afterAnother);
    if (alone === undefined || after === undefined || !aloneAgain || answerOf(aloneAgain) !== alone || after === alone) return undefined;
    const asked = (call: CallRecord | undefined) => Object.keys(call ? (relationCallOf(call.path)?.payload ?? {}) : {});
    const given = asked(before).filter((field) => !asked(source).includes(field));
    return {
      instancePath: '',
      expected: `the answer the same request had alone on a connection of its own, before and after: ${alone}`,
      actual: `right after a request with ${given.join(', ')} given, on the same connection: ${after}`,
    };
  },
};
