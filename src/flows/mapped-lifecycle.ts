import { fillTemplate, type MappedFlowSpec } from '../catalogue/operation-map.js';
import type { GroupId } from '../catalogue/groups.js';
import type { Flow, FlowFinding } from './flow.js';
import { answered, differences, listed } from './records.js';

/**
 * A create → list shows it → delete → gone flow over operations an operation map places (4.1
 * shows neither their payloads nor their records, so the map says which field carries the marker
 * the kit puts in `${UNIQUE}`, and which field is the id `${id}` deletes).
 */
export function mappedLifecycleFlow(spec: MappedFlowSpec, group: GroupId, seed: number): Flow {
  const operations = [spec.create.operation, spec.list.operation, spec.delete.operation];
  return {
    id: spec.id,
    group,
    title: `A record created with ${spec.create.operation} is listed, and gone once deleted`,
    description: `From the operation map: ${operations.join(' → ')} → ${spec.list.operation}. A created record (its "${spec.match}" carrying a unique marker) not listed, listed with other values than the create sent (in the fields both name), or still listed after the delete. Warning: the spec shows no behaviour beyond shapes.`,
    rule: '4.1',
    quote: 'Paths and payloads of the operations in 4.1: not shown.',
    severity: 'warning',
    operations,
    async run(context) {
      const marker = `otp-${(seed >>> 0).toString(36)}-${(context.seed >>> 0).toString(36)}`;
      const body = (template: unknown, values: Record<string, unknown>) => (fillTemplate(template ?? {}, values, spec.id) ?? {}) as Record<string, unknown>;
      const created = await context.call(spec.create.operation, body(spec.create.body, { UNIQUE: marker }));
      if (!answered(created)) return { completed: false, reason: `${spec.create.operation} answered no result`, findings: [] };
      const find = async () => {
        const list = await context.call(spec.list.operation, body(spec.list.body, {}));
        return { list, record: listed(list).find((record) => record[spec.match] === marker) };
      };
      const before = await find();
      if (!before.record && !answered(before.list))
        return { completed: false, reason: `${spec.list.operation} answered no result after the create`, findings: [] };
      if (!before.record) {
        return {
          completed: true,
          findings: [{ instancePath: '/data/list', expected: `a record whose ${spec.match} is ${marker}`, actual: 'not listed', exchange: before.list }],
        };
      }
      // Fields the create body and the record both name must show what was sent.
      const sent = body(spec.create.body, { UNIQUE: marker });
      const record = before.record;
      const listedOtherwise = differences(record, Object.fromEntries(Object.entries(sent).filter(([field]) => field in record)));
      const findings: FlowFinding[] =
        listedOtherwise.length === 0
          ? []
          : [
              {
                instancePath: `/data/list/${listed(before.list).indexOf(record)}`,
                expected: 'the record listed with the values sent',
                actual: `listed with ${listedOtherwise.join(', ')}`,
                exchange: before.list,
              },
            ];
      const deleted = await context.call(spec.delete.operation, body(spec.delete.body, { id: record[spec.idField] }));
      if (!answered(deleted)) return { completed: false, reason: `${spec.delete.operation} answered no result`, findings };
      const after = await find();
      if (!after.record && !answered(after.list)) return { completed: false, reason: `${spec.list.operation} answered no result after the delete`, findings };
      if (!after.record) return { completed: true, findings };
      return {
        completed: true,
        findings: [
          ...findings,
          {
            instancePath: '/data/list',
            expected: `record ${String(record[spec.idField])} gone after ${spec.delete.operation}`,
            actual: 'still listed',
            exchange: after.list,
          },
        ],
      };
    },
  };
}
