import type { OperationCheck } from '../types.js';
import { listedPlace } from './listed-path.js';
import { foundOne, noSuchRecord, saidOf } from './record-answer.js';

export const listedRecordFound: OperationCheck = {
  id: 'listed-record-found',
  scope: 'operation',
  rule: '1, 4 #7 #8, 4.1',
  quote:
    '/pc/customer/bankCardList | pageSize (number), status (number) | Page of bank card records (2.8) … /pc/customer/bankCardInfoById | id | consignee record shape (2.9) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'A record the list shows is not found by its id',
  description:
    'A lookup by id that finds the record its list shows first and not the one it shows last: once the list\'s page walk has read its pages, bankCardInfoById (#8) is asked for the first card of bankCardList\'s (#7) first page and for the last card of the last page the walk read (consigneeInfoById, #9, and the details of 4.1 an operation map places, likewise for the records of their list where the map places it: the consignee list, a custom demand list #1, the alpha order list #13 by soNo). The second answered no record (an error result, such as code "404", or data without one) while the first was found: the lookup searches only part of what the list shows (its first page, the newest records). The two lookups go out before any call of the run changes state, so a record deleted cannot explain it. A warning, not an error: the names say "by id" and "detail", but no sentence says which records a lookup finds (1: behaviour beyond the shapes is not shown).',
  appliesTo: (operation) => operation.lookup === true && operation.listedIn !== undefined,
  run(calls) {
    const placed = calls.flatMap((call) => {
      const place = listedPlace(call.path);
      return place ? [{ call, place }] : [];
    });
    const first = placed.find(({ place }) => place.end === 'first');
    const last = placed.find(({ place }) => place.end === 'last');
    if (!first || !last || !foundOne(first.call) || !noSuchRecord(last.call)) return [];
    const named = (naming: Readonly<Record<string, unknown>>) =>
      Object.entries(naming)
        .map(([field, value]) => `${field} ${JSON.stringify(value)}`)
        .join(', ');
    const list = last.call.operation.listedIn;
    if (list === undefined) return [];
    return [
      {
        instancePath: '/data',
        expected: `the record ${list} shows as ${named(last.place.naming)} (the last of page ${last.place.pageNo} at ${last.place.pageSize} a page), as ${named(first.place.naming)} (the first of page 1) was found`,
        actual: saidOf(last.call),
        calls: [first.call, last.call],
      },
    ];
  },
};
