import { succeeded } from '../call-record.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { filtersOf, wholeList } from './whole-list.js';

/** The walk's own pages of the list as its base asks it, filters and all: each page size, those past the last, page 1 without pageNo. */
const FILTERED_PATH = /^(?:page(?:-hostile)?:\d+:\d+|page-unnumbered:\d+)$/;
/** Ids of records a filtered page holds and the list without its filters does not, shown at most. */
const IDS_SHOWN = 5;

export const filterOutsideList: OperationCheck = {
  id: 'filter-outside-list',
  scope: 'operation',
  rule: '1, 4 #1 #7, 4 rule 4',
  quote:
    '/pc/custom_demand/list | pageSize (number), status (number) | Page of custom demand records (2.6) … /pc/customer/bankCardList | pageSize (number), status (number) | Page of bank card records (2.8) … Request fields of #1 to #5 and #7 to #12 are shown with null or numeric sample values only. … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: ['owasp-api1-filtered-list'],
  severity: 'warning',
  title: 'A filtered list holds records the list without its filter does not',
  description:
    "A list asked with a filter holding records that the same list asked by nothing but its page does not hold: a filter narrows a list, so a demand or card listed under `status` 0 (the walk's base body of #1 and #7) is one the list with `status` null (as the samples show it, 4 rule 4: a value that filters nothing) holds too. Beside its own walk, the page walk reads the list without its filters at its own page size, page after page; that list is judged only where its pages show all of it (page 1 to the last its totalPage names, each saying the same totalPage, every page before the last full, no record twice), and only the walk's own pages of the filtered list are held against it: the run's state changes wait for every walk, so no call of the run created a record between the two. Records are known by their id; one deviation for all of them, with the ids of the first few. Records of other members (OWASP API1: a filter that takes the place of the member's own condition) are what such a page shows. A status that lists every status (0, say) lists records of the list, and is fine; #4's base asks cusType too, which null does not leave out (its sample is a string), and which records two filters select together is the server's: not judged. A warning: the spec names the filter and shows no behaviour beyond shapes (1).",
  appliesTo: (operation) => operation.response.kind === 'page',
  run(calls) {
    const whole = wholeList(calls);
    if (!whole) return [];
    const outside = new Set<string>();
    const showing: CallRecord[] = [];
    for (const call of [...calls].sort((a, b) => a.rank - b.rank)) {
      if (!FILTERED_PATH.test(call.path) || !succeeded(call) || call.envelope.page?.listIsArray !== true || filtersOf(call.asked).length === 0) continue;
      const unknown = call.envelope.keys.filter((key) => key.startsWith('id:') && !whole.keys.has(key));
      if (unknown.length === 0) continue;
      showing.push(call);
      for (const key of unknown) outside.add(key);
    }
    const [first] = showing;
    if (!first) return [];
    const filters = filtersOf(first.asked);
    const fields = filters.map((filter) => filter.split(' ')[0]).join(' and ');
    const ids = [...outside].slice(0, IDS_SHOWN).map((key) => key.slice('id:'.length));
    const pages = whole.pages.length;
    return [
      {
        instancePath: '/data/list',
        expected: `records of the list without ${fields}, read whole before any call of the run changed state: ${whole.keys.size} records on ${pages} ${pages === 1 ? 'page' : 'pages'} at ${whole.pageSize} a page`,
        actual: `${outside.size} records it does not hold, on pages asked with ${filters.join(' and ')}: ids ${ids.join(', ')}${outside.size > IDS_SHOWN ? ', …' : ''}`,
        occurrences: outside.size,
        calls: [...new Set([first, ...whole.pages.slice(0, 1), ...whole.pages.slice(-1)])].sort((a, b) => a.rank - b.rank),
      },
    ];
  },
};
