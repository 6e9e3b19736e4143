import { pointerToken } from '../../json-pointer.js';
import { type EnvelopedCall, succeeded } from '../call-record.js';
import type { CallRecord, Finding, OperationCheck } from '../types.js';
import { valueText } from './value-text.js';

/** Fields that say which page, not which records: "pageSize and, where given, pageNo" (4 rule 2). */
export const PAGING_FIELDS: ReadonlySet<string> = new Set(['pageSize', 'pageNo']);

/**
 * Records of one other value it takes, over a value's answers, before they show a filter at work
 * rather than the newest records of a list that happen to share a value.
 */
export const FILTER_EVIDENCE_RECORDS = 10;

/** The answers of valid calls with data whose records carry a field they asked by, by field, then by the value asked (as text). */
function answersByFilter(calls: readonly CallRecord[]): Map<string, Map<string, EnvelopedCall[]>> {
  const byField = new Map<string, Map<string, EnvelopedCall[]>>();
  for (const call of calls) {
    if (call.intent !== 'conforming' || !succeeded(call)) continue;
    for (const [field, value] of Object.entries(call.asked)) {
      const asked = valueText(value);
      // null and "" are how a filter is left out (the samples show null, 4 rule 4); paging fields filter nothing.
      if (asked === undefined || PAGING_FIELDS.has(field) || !call.envelope.fieldValues[field]) continue;
      let byValue = byField.get(field);
      if (!byValue) byField.set(field, (byValue = new Map()));
      const answers = byValue.get(asked);
      if (answers) answers.push(call);
      else byValue.set(asked, [call]);
    }
  }
  return byField;
}

/** Every value the answers' records carry in the field, whatever they asked. */
const valuesCarried = (field: string, answers: readonly EnvelopedCall[]) => new Set(answers.flatMap((call) => call.envelope.fieldValues[field] ?? []));

/**
 * The finding for one value asked, if its answers show a filter at work by another value: together
 * they hold FILTER_EVIDENCE_RECORDS or more records, all of them of one value that is not the one
 * asked, while the operation's answers show the field holds more than one value. Answers that mix
 * values show no filter: the value may mean "all" (what a value means is not shown, 3), and is not judged.
 */
function shiftedFilter(field: string, asked: string, answers: readonly EnvelopedCall[], valuesSeen: ReadonlySet<string>): Finding | undefined {
  const carried = valuesCarried(field, answers);
  const [only] = carried;
  if (carried.size !== 1 || only === asked || valuesSeen.size < 2) return undefined;
  const showing: EnvelopedCall[] = [];
  let records = 0;
  for (const call of answers) {
    showing.push(call);
    records += call.envelope.records;
    if (records >= FILTER_EVIDENCE_RECORDS) break;
  }
  if (records < FILTER_EVIDENCE_RECORDS) return undefined;
  return {
    instancePath: `/data/list/*/${pointerToken(field)}`,
    expected: `records whose ${field} is ${asked} (the ${field} asked for)`,
    actual: `${records} records over ${showing.length} ${showing.length === 1 ? 'answer' : 'answers'}, every one with ${field} ${only}`,
    occurrences: records,
    calls: showing,
  };
}

export const listFilter: OperationCheck = {
  id: 'list-filter',
  scope: 'operation',
  rule: '1, 3, 4 #1 #4 #7, 4.1',
  quote:
    '/pc/custom_demand/list | pageSize (number), status (number) | Page of custom demand records (2.6) … /pc/purchase_order/list | pageSize (number), status (number), cusType (string) | Page of purchase order records (2.7) … Values of status fields and their meanings: not shown. … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'List filtered by another value than asked',
  description:
    "A list asked for one value of a field its records carry (`status` of #1 and #4, `cusType` where the records carry it, any field but pageSize and pageNo of a 4.1 list an operation map places) whose answers hold only records of one other value: at least ten records over the answers to that value, while the operation's answers show the field holds several values. Values compare as text. Answers that mix values are not judged: what a value means is not shown (3), and a server may list every status for 0 or null. A warning, not an error: no sentence says the field filters (1: behaviour beyond the shapes is not shown). Records of 2.8 carry no `status`, so #7 has nothing to judge.",
  appliesTo: (operation) => operation.response.kind === 'page',
  run(calls) {
    const findings: Finding[] = [];
    for (const [field, byValue] of answersByFilter(calls)) {
      const valuesSeen = valuesCarried(field, [...byValue.values()].flat());
      for (const [asked, answers] of byValue) {
        const finding = shiftedFilter(field, asked, answers, valuesSeen);
        if (finding) findings.push(finding);
      }
    }
    return findings;
  },
};
