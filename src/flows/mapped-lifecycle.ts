import { type FlowStep, flowSteps, type MappedFlowSpec } from '../catalogue/operation-map.js';
import type { GroupId } from '../catalogue/groups.js';
import type { Flow } from './flow.js';
import { rowsOf } from './_internals/calling.js';
import { runRoundTrip, type RoundTripStep } from './round-trip.js';

const step = ({ operation, body }: FlowStep): RoundTripStep => ({
  operation,
  body: body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
});

/** What the flow's title and description say it checks. */
function described(spec: MappedFlowSpec): { title: string; description: string } {
  const shownBy = spec.detail ? `${spec.list.operation} and ${spec.detail.operation}` : spec.list.operation;
  const values = [
    spec.text?.length ? `text fields (${spec.text.join(', ')}) carrying long text, scripts, emoji and quotes` : '',
    spec.numbers?.length ? `numbers (${spec.numbers.join(', ')}) at their boundaries` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    title: `Records created with ${spec.create.operation} are shown by ${shownBy} as sent${spec.delete ? ', and gone once deleted' : ''}`,
    description:
      `From the operation map: ${flowSteps(spec)
        .map((s) => s.operation)
        .join(' → ')}. Creates records${values ? ` with ${values}` : ''}, each with a unique marker in "${spec.match}": ` +
      `a record the server accepted that is not listed, or is shown with other values than were sent (the fields the body and the record both name, compared as text), a list whose totalPage at one record a page does not count them` +
      `${spec.edit ? `, an edit by ${spec.edit.operation} not shown, or shown by another record the flow created (an edit changes only the record it names)` : ''}${spec.delete ? `, or a record still listed${spec.detail ? ' or answered by id' : ''} after ${spec.delete.operation}` : ''}. ` +
      `${spec.delete ? `Its deletes as every round trip's: the first sent without a token first, and a record gone after that refusal; a ${spec.delete.operation} answered with an error result whose record is gone; a page asked before and after the deletes under one strong ETag with other content; a deleted record deleted again, refused, yet the list counted a record short. ` : ''}` +
      `${spec.delete ? '' : 'The records stay: the map names no delete. '}Warning: the spec shows no behaviour beyond shapes.`,
  };
}

/** The rows of section 4 the flow calls, and 4.1, where the map places what the flow calls: "4 #5 #6, 4.1". */
function ruleOf(spec: MappedFlowSpec): string {
  const rows = rowsOf(flowSteps(spec).map((s) => s.operation));
  return (rows.includes('4.1') ? rows : [...rows, '4.1']).join(', ');
}

/**
 * A round trip over operations an operation map places (4.1 shows neither their payloads nor their
 * records, so the map says which field carries the marker the kit puts in `${UNIQUE}`, which field
 * is the id `${id}` takes, and which fields take the text and numbers of the coverage pass).
 */
export function mappedLifecycleFlow(spec: MappedFlowSpec, group: GroupId, seed: number): Flow {
  return {
    id: spec.id,
    group,
    ...described(spec),
    rule: ruleOf(spec),
    quote: 'Paths and payloads of the operations in 4.1: not shown. … Behaviour of each operation beyond its request and response shape: not shown.',
    severity: 'warning',
    operations: [...new Set(flowSteps(spec).map((s) => s.operation))],
    run(context) {
      return runRoundTrip(
        {
          create: step(spec.create),
          lists: [step(spec.list)],
          ...(spec.detail ? { detail: step(spec.detail) } : {}),
          ...(spec.edit ? { edit: step(spec.edit) } : {}),
          ...(spec.delete ? { delete: step(spec.delete) } : {}),
          match: spec.match,
          idField: spec.idField,
          text: spec.text ?? [],
          numbers: spec.numbers ?? [],
          fields: spec.fields ?? {},
        },
        context,
        `otp-${(seed >>> 0).toString(36)}-${(context.seed >>> 0).toString(36)}`,
      );
    },
  };
}
