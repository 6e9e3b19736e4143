import { recordKey } from '../call-record.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { idPairAt } from './listed-path.js';
import { foundOne, noSuchRecord, saidOf } from './record-answer.js';

/** Refused outright: no such record (noSuchRecord), or a 403 that says the member may not have it. */
const refused = (call: CallRecord): boolean =>
  noSuchRecord(call) || (call.status === 403 && call.failure === undefined && !call.bodyCut && call.envelope !== undefined);

export const duplicateIdForeignRecord: OperationCheck = {
  id: 'duplicate-id-foreign-record',
  scope: 'operation',
  rule: '1, 4 #8 #9, 4.1',
  quote:
    '/pc/customer/bankCardInfoById | id | consignee record shape (2.9) … /pc/customer/consigneeInfoById | id | consignee record (2.9) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: ['owasp-api1-duplicate-id'],
  severity: 'warning',
  title: "A body naming its id twice answers a record the member's list does not hold",
  description:
    'A lookup by id asked with a body that names its id field twice (RFC 8259 §4: names "SHOULD be unique", and parsers differ on which of two they keep): the id of the first record the member\'s list shows, and the id next after the largest its pages showed (the page walk\'s, before any call of the run changed state; where the run does not walk the list, its first and last page), in each order: ids are handed out by one sequence for every member, so that id is another member\'s record on a server in use, or none yet. An answer that is the record of that other id, where the same lookup asked for that id alone refuses it (no such record, or 403): one part of the server checked the id it read, another served the one it read (OWASP API1: "The checks should validate that the logged-in user has permissions to perform the requested action on the requested object"). A server that reads either id consistently answers the member\'s record or refuses both; the other id alone is asked only where an answer showed its record. bankCardInfoById (#8), consigneeInfoById (#9) and the details of 4.1 an operation map places beside their list. A warning: the spec shows no behaviour beyond shapes (1).',
  appliesTo: (operation) => operation.lookup === true && !operation.mutates && operation.listedIn !== undefined,
  run(calls) {
    const paired = calls.flatMap((call) => {
      const pair = idPairAt(call.path);
      return pair ? [{ call, pair }] : [];
    });
    const alone = paired.find(({ pair }) => pair.order === 'foreign-alone');
    if (!alone || !refused(alone.call)) return [];
    const { field, own, foreign } = alone.pair;
    const foreignKey = recordKey({ id: foreign });
    const shown = paired.find(({ call, pair }) => pair.order !== 'foreign-alone' && foundOne(call) && call.envelope.keys.includes(foreignKey));
    if (!shown) return [];
    const order =
      shown.pair.order === 'own-first' ? `${JSON.stringify(own)} then ${JSON.stringify(foreign)}` : `${JSON.stringify(foreign)} then ${JSON.stringify(own)}`;
    const said = alone.call.status === 403 ? `refused (HTTP 403)` : saidOf(alone.call);
    return [
      {
        instancePath: '/data/id',
        expected: `no record of ${field} ${JSON.stringify(foreign)}, which the member's list does not hold and the lookup asked for it alone answers with ${said}`,
        actual: `asked with ${field} ${order}: the record of ${field} ${JSON.stringify(foreign)}`,
        calls: [shown.call, alone.call],
      },
    ];
  },
};
