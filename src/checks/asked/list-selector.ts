import { succeeded } from '../call-record.js';
import type { CallRecord, Finding, OperationCheck } from '../types.js';
import { valueText } from './value-text.js';

/** A call's asked fields other than the selecting one, as one text: calls that differ only in what they select by share it. */
function restAsked(call: CallRecord, selector: string): string {
  return JSON.stringify(
    Object.entries(call.asked)
      .filter(([field]) => field !== selector)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export const listSelector: OperationCheck = {
  id: 'list-selector',
  scope: 'operation',
  rule: '1, 4 #16',
  quote:
    'Product detail, brand list, products of one brand. … /openapi/beta/products/getProductsByBrandId | brandId (integer), pageSize (integer), pageNo (integer) | Page of beta catalogue products (2.5)',
  standards: [],
  severity: 'warning',
  title: 'The same records for two values of the field that selects them',
  description:
    'A list the spec names after a request field ("products of one brand", #16 `brandId`) answering the same records, in the same order, to two different values of that field with the rest of the request alike: the field is ignored, and at least one answer lists records of another brand than asked. Empty answers are not compared. A warning, not an error: the records of 2.5 carry no brand, so no single answer shows the mistake, and behaviour beyond the shapes is not shown (1).',
  appliesTo: (operation) => operation.selectsBy !== undefined,
  run(calls) {
    const selector = calls[0]?.operation.selectsBy;
    if (selector === undefined) return [];
    const seen = new Map<string, { value: string; call: CallRecord }>();
    for (const call of calls) {
      const digest = call.envelope?.recordsDigest;
      const asked = call.asked[selector];
      // The documented type is integer (#16): a value of another type is the coverage pass's, and a
      // server that reads `true` or 1.5 as 1 would answer alike without ignoring the field. Ids are
      // positive: 0 or -1 may mean "every brand" to a server, as a status of 0 may mean every status.
      const value = valueText(asked);
      if (!Number.isSafeInteger(asked) || (asked as number) < 1 || !succeeded(call) || digest === undefined || value === undefined) continue;
      const key = `${restAsked(call, selector)} ${digest}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, { value, call });
        continue;
      }
      if (first.value === value) continue;
      const finding: Finding = {
        instancePath: '/data/list',
        expected: `other records for ${selector} ${value} than for ${selector} ${first.value}`,
        actual: `the same ${call.envelope.records} records for ${selector} ${first.value} and ${value}`,
        calls: [first.call, call],
      };
      return [finding];
    }
    return [];
  },
};
