import { pointerToken } from '../../json-pointer.js';
import { isPlainObject } from '../preconditions.js';
import type { ExchangeCheck, Finding } from '../types.js';

/**
 * Distinct status values one display text may stand for, in one answer, before the text shows it
 * does not follow the status: a text shared by two values may be a choice of wording, by three a
 * text that never changes.
 */
export const FROZEN_TEXT_STATUSES = 3;

/** Fields `X` that records carry beside a display text `XText` (`status` and `statusText`, 3). */
function textPairs(record: Record<string, unknown>): string[] {
  const fields: string[] = [];
  // Read from the texts' side: most members end otherwise, and no name is built for them.
  for (const name in record) {
    if (!name.endsWith('Text')) continue;
    const field = name.slice(0, -'Text'.length);
    if (Object.hasOwn(record, field) && typeof record[field] === 'number') fields.push(field);
  }
  return fields;
}

/** For each status field of the records, the status values each display text was given to. */
function statusesByText(records: readonly unknown[]): Map<string, Map<string, Set<number>>> {
  const byField = new Map<string, Map<string, Set<number>>>();
  for (const record of records) {
    if (!isPlainObject(record)) continue;
    for (const field of textPairs(record)) {
      const text = record[`${field}Text`];
      if (typeof text !== 'string' || text === '') continue;
      let byText = byField.get(field);
      if (!byText) byField.set(field, (byText = new Map()));
      const statuses = byText.get(text) ?? new Set<number>();
      statuses.add(record[field] as number);
      byText.set(text, statuses);
    }
  }
  return byField;
}

export const statusText: ExchangeCheck<'data'> = {
  id: 'status-text',
  scope: 'exchange',
  rule: '3',
  quote:
    'Records carry numeric status fields with display text: `status` and `statusText` (demand, purchase order, product), `soReviewStatus` and `soPayStatus` (order).',
  standards: [],
  severity: 'warning',
  title: 'Display text that does not follow its status',
  description: `Records of one answer whose \`statusText\` (the display text of \`status\`, 3) is the same for ${FROZEN_TEXT_STATUSES} or more different status values: a text set once and never changed, or filled from another record. The meanings of the values are not shown (3), so two values may share a wording and are not judged; a warning, since no sentence says what the text must be.`,
  needs: 'data',
  intents: ['conforming'],
  run(exchange) {
    // Most answers carry no display text: a page of 60,000 records is not walked to learn it.
    if (!exchange.response.bodyText.includes('Text"')) return [];
    const { data } = exchange;
    const records = Array.isArray(data.list) ? data.list : [data];
    const findings: Finding[] = [];
    for (const [field, byText] of statusesByText(records)) {
      for (const [text, statuses] of byText) {
        if (statuses.size < FROZEN_TEXT_STATUSES) continue;
        const where = Array.isArray(data.list) ? `/data/list/*/${pointerToken(`${field}Text`)}` : `/data/${pointerToken(`${field}Text`)}`;
        findings.push({
          instancePath: where,
          expected: `a display text of each ${field}`,
          actual: `${field}Text ${JSON.stringify(text)} for ${field} ${[...statuses].sort((a, b) => a - b).join(', ')}`,
        });
      }
    }
    return findings;
  },
};
