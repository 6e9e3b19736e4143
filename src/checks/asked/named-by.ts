import { ID_NAME } from '../../catalogue/record-ids.js';
import { valueText } from './value-text.js';

export { ID_NAME } from '../../catalogue/record-ids.js';

/** A whole number, or the decimal digits of one: an id no server reads two ways. */
export const WHOLE_NUMBER_TEXT = /^-?\d+$/;

/**
 * Where the record answered must carry what the request named it by, as [request field, record
 * field, the request field's value as text] triples: a field of the same name (id, soNo, pCode, code, cas); else, where the request
 * names it by one id the record does not carry under that name (demandId, cid), the record's `id`.
 * `idsOnly`: only the id fields count, and only where they hold a whole number (for a call of the
 * coverage pass, whose other members may be planted ones, and whose other values a server may read
 * leniently: "3abc" as 3, 1.5 as 1).
 */
export function namedBy(
  asked: Readonly<Record<string, unknown>>,
  record: Readonly<Record<string, unknown>>,
  idsOnly: boolean,
): Array<[string, string, string]> {
  const pairs: Array<[string, string, string]> = [];
  const otherIds: Array<[string, string]> = [];
  for (const field of Object.keys(asked)) {
    const text = valueText(asked[field]);
    if (text === undefined || (idsOnly && !(ID_NAME.test(field) && WHOLE_NUMBER_TEXT.test(text)))) continue;
    if (Object.hasOwn(record, field)) pairs.push([field, field, text]);
    else if (ID_NAME.test(field)) otherIds.push([field, text]);
  }
  const [otherId, ...more] = otherIds;
  if (otherId && more.length === 0 && Object.hasOwn(record, 'id') && !pairs.some(([, field]) => field === 'id')) pairs.push([otherId[0], 'id', otherId[1]]);
  return pairs;
}
