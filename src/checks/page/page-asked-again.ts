import type { Finding, OperationCheck } from '../types.js';
import { inPlanOrder, type PageAnswer, pagesAskedAgainOf, type Walk, walksOf } from './walks.js';
import { clause } from '../clauses.js';

/** Whether a page kept a key for every record it held, each an id: records told apart by a digest may differ in a field that moves. */
const byIds = (page: PageAnswer) => page.listIsArray && page.keys.length === page.records && page.keys.every((key) => key.startsWith('id:'));

/** A page's answers as asked: by the walk, then again (and right after) once the walk had read its last page. */
interface Asked {
  readonly when: string;
  readonly answer: PageAnswer;
}

const recordsText = (count: number) => (count === 0 ? 'no record' : `${count} record${count === 1 ? '' : 's'}`);

/** The first two answers to one page that hold no record in common, one of them holding some. */
function otherRecords(pageSize: number, pageNo: number, asked: readonly Asked[]): Finding | undefined {
  // A page that says it is another page than asked is page-number-echo's.
  const judged = asked.filter(({ answer }) => byIds(answer) && (answer.saidPageNo === undefined || answer.saidPageNo === pageNo));
  for (const [index, earlier] of judged.entries()) {
    const keys = new Set(earlier.answer.keys);
    const later = judged.slice(index + 1).find(({ answer }) => (answer.records > 0 || keys.size > 0) && !answer.keys.some((key) => keys.has(key)));
    if (!later) continue;
    return {
      instancePath: '/data/list',
      expected: `the records pageNo ${pageNo} held when ${earlier.when} (pageSize ${pageSize}), or most of them`,
      actual: `${later.when}, ${recordsText(later.answer.records)}, none of the ${recordsText(earlier.answer.records)} it held then`,
      calls: inPlanOrder(earlier.answer, later.answer),
    };
  }
  return undefined;
}

const WHEN = ['the walk asked for it', "asked again after the walk's last page", 'asked once more right after'] as const;

export const pageAskedAgain: OperationCheck = {
  id: 'page-asked-again',
  scope: 'operation',
  ...clause('page-number'),
  standards: [],
  severity: 'warning',
  title: 'A page asked again holds other records',
  description:
    "Once the walk has read its last page, page 2 is asked again with the same fields, and, where that answer is not the walk's page 2 record for record, once more right after: two of the three answers hold no record in common, one of them holding some. The page a server answers depends on what was asked before it (a cursor kept per member, as an endless scroll keeps one, that any pageNo past 1 continues), so a client that retries a page, or asks one out of order, gets other records under the same pageNo. Nothing of the run changes state while a walk reads, and records another client adds or removes shift a page by a few, not all of them: one record in common is enough to say nothing. Records told apart by a digest of the whole record are not compared. A warning: the spec names the page but shows no behaviour beyond shapes (1).",
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    const walks = walksOf(calls).filter((walk) => walk.list === '');
    const again = pagesAskedAgainOf(calls).sort((a, b) => a.time - b.time);
    const pages = new Set(again.map(({ pageSize, pageNo }) => `${pageSize}:${pageNo}`));
    return [...pages].flatMap((page) => {
      const [pageSize, pageNo] = page.split(':').map(Number) as [number, number];
      const walk: Walk | undefined = walks.find((read) => read.pageSize === pageSize);
      const walked = walk?.within.find((read) => read.pageNo === pageNo);
      const asked: Asked[] = [
        ...(walked ? [{ when: WHEN[0], answer: walked }] : []),
        ...again
          .filter((read) => read.pageSize === pageSize && read.pageNo === pageNo)
          .map((read) => ({ when: read.time === 0 ? WHEN[0] : read.time === 1 ? WHEN[1] : WHEN[2], answer: read.answer })),
      ];
      return otherRecords(pageSize, pageNo, asked) ?? [];
    });
  },
};
