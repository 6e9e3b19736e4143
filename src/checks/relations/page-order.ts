import { clause } from '../clauses.js';
import type { CallRecord } from '../types.js';
import type { Relation, RelationPayload } from './relation.js';

const sizeOf = (payload: RelationPayload): number | undefined => {
  const size = payload.pageSize;
  return typeof size === 'number' && Number.isSafeInteger(size) && size > 0 ? size : undefined;
};

/** The keys a call's page held, where it was answered with a page whose every record was kept as an id. */
function idsOf(call: CallRecord): readonly string[] | undefined {
  const envelope = call.envelope;
  if (call.status !== 200 || !envelope?.hasData || !envelope.page?.listIsArray || envelope.keys.length !== envelope.records) return undefined;
  return envelope.keys.every((key) => key.startsWith('id:')) ? envelope.keys : undefined;
}

/** The follow-ups' records at one page size, page after page, each record at its first place. */
function inPageOrder(followUps: readonly CallRecord[]): string[] {
  const pages = [...followUps].sort((a, b) => Number(a.asked.pageNo ?? 1) - Number(b.asked.pageNo ?? 1));
  return [...new Set(pages.flatMap((page) => idsOf(page) ?? []))];
}

/** The first two records that `one` and `other` both hold in opposite orders, where there are any. */
function firstSwap(one: readonly string[], other: readonly string[]): [string, string] | undefined {
  const place = new Map(other.map((key, index) => [key, index]));
  const shared = one.filter((key) => place.has(key));
  for (let index = 1; index < shared.length; index++) {
    const [before, after] = [shared[index - 1], shared[index]];
    if (before !== undefined && after !== undefined && (place.get(before) ?? 0) > (place.get(after) ?? 0)) return [before, after];
  }
  return undefined;
}

export const pageOrder: Relation = {
  id: 'relation-page-order',
  ...clause('page-number'),
  standards: [],
  severity: 'warning',
  title: 'One list in two orders at two page sizes',
  description:
    'Page 1 of a list at a page size (2, 3 and the walk\'s own) holds two records in the opposite order to the pages of a smaller size (1, then 2) that hold them both: one list read at two page sizes is in two orders. Pages number one ordered list (pageNo "current page number", 2.2), so pages 2n − 1 and 2n at size k hold, in order, the records page n at size 2k holds; a server that sorts each page after cutting it from the list (newest first on the page, the list oldest first), or sorts by a field many records share with no tie-breaker, answers each page size in an order of its own, and a client that changes its page size, or merges pages, reorders the list. Only records both answers hold are compared, so records another client adds or removes between the two requests shift the pages without breaking the order; a server that caps the page size is judged on what it serves. The answers are the page walk\'s own; where they break the relation, the pages are asked once more, and only answers that break it again are reported. A warning: the spec names the pages but says nothing of their order (1).',
  cannotSee:
    'Records that differ between page sizes with the order kept (a record on no page of one size): the count checks (page-total, page-sizes-agree) see those. Pages past the third of each small size, and lists whose records carry no id (they are told apart by their content only). An order that changes from one request to the next at every page size alike.',
  fits: (operation) => operation.paging !== undefined && operation.response.kind === 'page' && !operation.mutates,
  sources(base, walk) {
    const sizes = [...new Set([...walk.smallSizes, walk.pageSize])].filter((size) => size > 1);
    return sizes.map((pageSize) => ({ ...base, pageSize, pageNo: 1 }));
  },
  followUps(source, walk) {
    const size = sizeOf(source);
    if (size === undefined) return [];
    return walk.smallSizes
      .filter((smaller) => smaller < size)
      .flatMap((pageSize) => Array.from({ length: walk.pagesInARow }, (_, index) => ({ ...source, pageSize, pageNo: index + 1 })));
  },
  answers: 'reuse',
  judge(source, followUps) {
    const ids = idsOf(source);
    if (!ids) return undefined;
    // A record twice on one page is page-repeated-records': its first place stands for it.
    const page = [...new Set(ids)];
    const sizes = [...new Set(followUps.map((call) => call.asked.pageSize))];
    for (const pageSize of sizes) {
      const pages = followUps.filter((call) => call.asked.pageSize === pageSize);
      const swap = firstSwap(page, inPageOrder(pages));
      if (!swap) continue;
      const [first, second] = swap;
      return {
        instancePath: '/data/list',
        expected: `the records of page 1 at pageSize ${String(source.asked.pageSize)} in the order pages 1 to ${pages.length} at pageSize ${String(pageSize)} hold them`,
        actual: `page 1 at pageSize ${String(source.asked.pageSize)} holds ${first} before ${second}; the pages at pageSize ${String(pageSize)} hold ${second} before ${first}`,
      };
    }
    return undefined;
  },
};
