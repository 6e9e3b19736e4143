import type { CallRecord } from '../types.js';
import type { Relation } from './relation.js';

/** Each record an answer held with an id, by key, with its fields' digests: where it was a success with data. */
function recordsOf(call: CallRecord): Map<string, Readonly<Record<string, string>>> | undefined {
  const envelope = call.envelope;
  if (call.status !== 200 || !envelope?.hasData || !envelope.contents) return undefined;
  const records = new Map<string, Readonly<Record<string, string>>>();
  envelope.keys.forEach((key, index) => {
    const fields = envelope.contents?.[index];
    if (key.startsWith('id:') && fields) records.set(key, fields);
  });
  return records;
}

/** The fields whose values differ between two readings of one record, a field one of them lacks among them. */
const changedFields = (one: Readonly<Record<string, string>>, other: Readonly<Record<string, string>>): string[] =>
  [...new Set([...Object.keys(one), ...Object.keys(other)])].filter((field) => one[field] !== other[field]);

export const readUnchanged: Relation = {
  id: 'relation-read-unchanged',
  rule: '1, 2.2',
  quote:
    'Behaviour of each operation beyond its request and response shape: not shown. … `data` of list operations is an object: … list | array of records (the record type depends on the operation)',
  standards: [],
  severity: 'warning',
  title: 'A record reads differently each time it is read',
  description:
    "Page 1 of a list at the walk's page size, asked twice in a row with the same body, holds a record (the same id) whose fields differ between the two answers: reading the list changed what it lists (a view count kept in the record, a flag cleared when a record is listed), or the server fills a field from the moment of the read (a time that is now, a random value). A client that caches the record, compares two reads, or pages through the list meets a record that is never the same. Records that one answer holds and the other does not are not compared: another client may add or delete records between the two requests. Where the two answers differ, the pair is asked once more, and only a record that differs again is reported: an edit by another client between two requests is a one-off. A warning: the catalogue reads these operations as changing nothing (list, detail), and the spec shows no behaviour beyond the shapes (1).",
  cannotSee:
    'A read that changes a record once (the first time it is listed, before the walk read it), or changes records the page does not show; records without an id; lookups by id and the other operations that answer one record (the lists only); a change of a field that a write of another client makes to the same record both times it is asked.',
  fits: (operation) => operation.paging !== undefined && operation.response.kind === 'page' && !operation.mutates,
  sources: (base, walk) => [{ ...base, pageSize: walk.pageSize, pageNo: 1 }],
  followUps: (source) => [source],
  answers: 'fresh',
  judge(source, followUps) {
    const before = recordsOf(source);
    const [again] = followUps;
    const after = again && recordsOf(again);
    if (!before || !after) return undefined;
    const changed = [...before].flatMap(([key, fields]) => {
      const later = after.get(key);
      const fieldsChanged = later ? changedFields(fields, later) : [];
      return fieldsChanged.length > 0 ? [{ key, fieldsChanged }] : [];
    });
    const [first] = changed;
    if (!first) return undefined;
    const more = changed.length > 1 ? `; ${changed.length - 1} more of the records both held differ too` : '';
    return {
      instancePath: '/data/list',
      expected: 'each record both answers hold the same in both: the same request read twice, with no write of the run between',
      actual: `${first.key} differs in ${first.fieldsChanged.join(', ')} between the two answers${more}`,
      params: { records: changed.length },
    };
  },
};
