import { pointerToken } from '../../json-pointer.js';
import { isPlainObject } from '../preconditions.js';
import { sentBody } from '../sent-body.js';
import type { ExchangeCheck, Finding } from '../types.js';
import { namedBy } from './named-by.js';
import { valueText } from './value-text.js';

export const byIdRecord: ExchangeCheck<'data'> = {
  id: 'by-id-record',
  scope: 'exchange',
  rule: '1, 4 #6 #8 #9, 4.1',
  quote:
    '/pc/consignmentorder/delConsignment | cid (string in the sample) | one purchase order record shape (2.7) … /pc/customer/bankCardInfoById | id | consignee record shape (2.9) … /pc/customer/consigneeInfoById | id | consignee record (2.9) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Record answered is not the one asked for',
  description:
    'A lookup answered with another record than the one its request names: bankCardInfoById (#8) or consigneeInfoById (#9) answering a record whose `id` is not the `id` sent, delConsignment (#6) answering another consignment than the `cid` it deleted, or a detail of 4.1 placed by an operation map answering a record whose field of the name its body sends (soNo, pCode, code, cas; the record\'s `id` for a body that sends one id under another name, such as demandId or cid) holds another value. Values compare as text (7 and "7" are the same id); a record that does not carry the field says nothing. The calls of the coverage pass count where they name the record by a whole number (0, -1, 2147483648): a server that finds no record for it must say so, not answer another; its other values ("3abc", 1.5) a server may read leniently. A warning, not an error: the paths and names say "by id" and "detail", but no sentence says what the record answered must be (1: behaviour beyond the shapes is not shown).',
  needs: 'data',
  intents: ['conforming', 'hostile'],
  appliesTo: (operation) => operation.lookup === true,
  run(exchange) {
    const record = exchange.data;
    // A hostile call's payload describes its class: what it asked for is in the body it sent.
    const hostile = exchange.intent === 'hostile';
    const asked = hostile ? sentBody(exchange) : exchange.payload;
    if (!record || !isPlainObject(asked)) return [];
    return namedBy(asked, record, hostile).flatMap(([askedField, recordField, wanted]): Finding[] => {
      const answered = valueText(record[recordField]);
      // A record whose field is null, empty or an object says nothing of which record it is (its type is data-schema's finding).
      if (answered === undefined || answered === wanted) return [];
      return [
        {
          instancePath: `/data/${pointerToken(recordField)}`,
          expected: `${recordField} ${JSON.stringify(asked[askedField])} (the ${askedField} asked for)`,
          actual: `${recordField} ${JSON.stringify(record[recordField])}`,
        },
      ];
    });
  },
};
