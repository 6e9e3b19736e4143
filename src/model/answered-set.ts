import fc from 'fast-check';
import type { GroupId } from '../catalogue/groups.js';
import { operations } from '../catalogue/operations.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import type { CallTiming, FlowFinding, FlowLeftRecord, FlowOutcome } from '../flows/flow.js';
import { answered, sameValue, shown, unanswered } from '../flows/records.js';
import { walkBase } from '../generators/coverage/pages.js';
import { sampleOne } from '../generators/sample-one.js';
import { WORDS } from './commands.js';
import { meeting } from './meeting.js';
import type { ModelFlow } from './model-flow.js';
import { notAnEnvelope } from './race-judge.js';
import type { RecordSet } from './record-set.js';
import { idText } from './run-sequence.js';
import { createdShown, idsDistinct, type ModelRule, raceEnvelope, raceLinearizable } from './rules.js';

/**
 * Records that only their create shows: the create answers the record it made (#15 "Order with
 * items (2.3, 2.4)"), and no documented operation lists them or reads them back. The model holds what
 * each create's answer must show of what it sent, and the names that each order answered has of its
 * own.
 */
export interface AnsweredSet {
  /** `beta-order`: the model's flow is `model-<id>`. */
  readonly id: string;
  readonly group: GroupId;
  readonly operation: string;
  /** What a record is called where the run lists what it left. */
  readonly kind: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** The field that carries the marker. */
  readonly match: string;
  /** Fields that name one record each, the first the one it is listed as left by (an order's soNo, then its id). */
  readonly ids: readonly string[];
  /** Fields that take generated text. */
  readonly text: readonly string[];
}

/** Calls the set's model makes: three creates one after another (the last the second sent again) and two at once. */
export const ANSWERED_CALLS = 5;

/** The order's names (2.3): its soNo, which the detail and the dispatch note find it by, and its id. */
const ORDER_IDS = ['soNo', 'id'];
/** Free-text fields of an order's header (#14, #15): stored as typed. */
const ORDER_TEXT = ['soCaName', 'soCaStreet'];

/**
 * The order creates that no record set covers (none of their group lists them, as none lists #15's):
 * each is a set whose create's answer is the record, from the coverage pass's base body.
 */
export function answeredSets(covered: readonly RecordSet[]): AnsweredSet[] {
  return operations.flatMap((operation) => {
    const body = walkBase(operation.id, undefined);
    if (!operation.createsOrder || covered.some((set) => set.create.operation === operation.id) || !body) return [];
    const id = operation.id.replace(/-create$/, '');
    return [{ id, group: operation.group, operation: operation.id, kind: 'order', body, match: 'soNote', ids: ORDER_IDS, text: ORDER_TEXT }];
  });
}

type Handle = 'a' | 'b' | 'c' | 'd';

interface Placed {
  readonly label: string;
  readonly sent: Readonly<Record<string, unknown>>;
  readonly exchange: Exchange;
  readonly kept: KeptStep;
}

/** Where the answers stop fitting the model: the rule, the field, what was predicted and what came. */
interface Disagreement {
  readonly by: ModelRule;
  readonly field: string;
  readonly expected: string;
  readonly actual: string;
  readonly at: Placed;
  /** The earlier record whose name the answer took: with `at`, the whole evidence. */
  readonly taken?: Placed;
}

/** The first field of what was sent that the created record's answer shows otherwise; a field it does not show is not predicted. */
function shownOtherwise(set: AnsweredSet, placed: Placed, by: ModelRule): Disagreement | undefined {
  const record = resultData(placed.exchange);
  if (!record) return undefined;
  for (const field of [set.match, ...set.text]) {
    if (!(field in record) || sameValue(record[field], placed.sent[field])) continue;
    return {
      by,
      field,
      expected: `the ${set.kind} ${placed.label} made, with ${field} ${shown(placed.sent[field])} as sent`,
      actual: `answered ${field} ${shown(record[field])}`,
      at: placed,
    };
  }
  return undefined;
}

/** The first name of a created record that an earlier one of the run answered already. */
function nameTaken(set: AnsweredSet, placed: Placed, earlier: readonly Placed[], by: ModelRule): Disagreement | undefined {
  const record = resultData(placed.exchange);
  for (const field of set.ids) {
    const name = idText(record?.[field]);
    const other = name === undefined ? undefined : earlier.find((before) => idText(resultData(before.exchange)?.[field]) === name);
    if (name === undefined || !other) continue;
    return {
      by,
      field,
      expected: `a ${field} of its own for each ${set.kind} answered as made`,
      actual: `answered ${field} ${shown(record?.[field])}, the ${field} of the ${set.kind} ${other.label} made`,
      at: placed,
      taken: other,
    };
  }
  return undefined;
}

/**
 * A set of records only their create shows, as the model's flow: creates a, b and b again one after
 * another, then c and d at once. Each create answered with success must answer the record with what
 * it sent (model-created-shown) and names no earlier record had (model-ids-distinct); the two at once
 * must each be an envelope (model-race-envelope) and fit either order of them (model-race-linearizable).
 */
export function answeredSetFlow(set: AnsweredSet, excluded: readonly string[] = []): ModelFlow {
  const judged = (rule: ModelRule) => !excluded.includes(rule.id);
  return {
    id: `model-${set.id}`,
    group: set.group,
    title: `The records of ${set.operation} behave as a model of its creates predicts`,
    description: `Creates three records one after another (the third the second's create sent again) and two at once with ${set.operation}, each with a marker of the run in ${set.match} and generated ${set.text.join(' and ')}. Each create answered with success answers the record it made: with the values sent (model-created-shown) and with ${set.ids.join(' and ')} that no other record of the run was answered with (model-ids-distinct); the two sent at once must each answer an envelope (model-race-envelope) and fit either order of them (model-race-linearizable). No operation lists these records, so nothing else is predicted. Warning: the spec shows no behaviour beyond shapes; an answer to the creates at once that is no envelope is an error (2.1).`,
    rule: '1',
    quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
    severity: 'warning',
    operations: [set.operation],
    calls: ANSWERED_CALLS,
    // Its two creates at once are among its calls: no race of a set with a delete (RACE_CALLS).
    raceCalls: 0,
    async run(context) {
      const tag = (context.seed >>> 0).toString(36);
      const texts = sampleOne(fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), { minLength: 8, maxLength: 8 }), context.seed);
      const bodyOf = (handle: Handle, at: number): Record<string, unknown> => ({
        ...set.body,
        [set.match]: `otp-model-${tag}-${handle}`,
        ...Object.fromEntries(set.text.map((field, i) => [field, (texts[at * set.text.length + i] ?? [handle]).join(' ')])),
      });
      const placed: Placed[] = [];
      const place = async (label: string, sent: Record<string, unknown>, timing?: CallTiming): Promise<Placed> => {
        const exchange = await context.call(set.operation, sent, undefined, timing);
        return { label, sent, exchange, kept: { ...keepStep(exchange), path: `model:create ${label}` } };
      };
      const left = (): FlowLeftRecord[] =>
        placed.flatMap(({ exchange }) => {
          if (!answered(exchange)) return [];
          const id = idText(resultData(exchange)?.[set.ids[0] ?? set.match]);
          return [{ kind: set.kind, operation: set.operation, ...(id === undefined ? {} : { id }), reason: 'no delete documented' }];
        });
      const found = (disagreement: Disagreement): FlowOutcome => {
        // The shortest sequence: the two records that share a name, or the creates up to the answer that shows another record.
        const upTo = placed.slice(0, placed.indexOf(disagreement.at) + 1);
        const through = disagreement.taken ? placed.filter((one) => one === disagreement.taken || one === disagreement.at) : upTo;
        const finding: FlowFinding = {
          by: disagreement.by,
          instancePath: `/data/${disagreement.field}`,
          expected: disagreement.expected,
          actual: `${disagreement.actual}, after ${through.map((one) => `create ${one.label}`).join(', ')}`,
          exchange: disagreement.at.kept,
          steps: through.map((one) => one.kept),
        };
        return { completed: true, findings: [finding], left: left() };
      };
      const b = bodyOf('b', 1);
      for (const [label, sent] of [
        ['a', bodyOf('a', 0)],
        ['b', b],
        ['b again', b],
      ] as const) {
        const one = await place(label, sent);
        placed.push(one);
        if (unanswered(one.exchange) || (label === 'a' && !answered(one.exchange)))
          return { completed: false, reason: `${set.operation} of ${label} was not answered with success`, findings: [], left: left() };
        if (!answered(one.exchange)) continue;
        const earlier = placed.slice(0, -1).filter((before) => answered(before.exchange));
        const disagreement =
          (judged(createdShown) ? shownOtherwise(set, one, createdShown) : undefined) ??
          (judged(idsDistinct) ? nameTaken(set, one, earlier, idsDistinct) : undefined);
        if (disagreement) return found(disagreement);
      }
      if (!judged(raceLinearizable) && !judged(raceEnvelope)) return { completed: true, findings: [], left: left() };
      // Each body held open mid-way until both creates are in flight, as the model's races send theirs (race.ts).
      const midBody = meeting(2);
      const raced = await Promise.all([place('c at once', bodyOf('c', 2), { midBody }), place('d at once', bodyOf('d', 3), { midBody })]);
      placed.push(...raced);
      const broken = judged(raceEnvelope) ? raced.find((one) => !unanswered(one.exchange) && notAnEnvelope(one.exchange) !== undefined) : undefined;
      const brokenAs = broken && notAnEnvelope(broken.exchange);
      if (broken && brokenAs) return found({ by: raceEnvelope, field: 'data', expected: 'the envelope of 2.1', actual: `answered ${brokenAs}`, at: broken });
      if (raced.some((one) => unanswered(one.exchange)))
        return { completed: false, reason: `${set.operation} sent twice at once was not answered`, findings: [], left: left() };
      if (judged(raceLinearizable))
        for (const one of raced.filter((each) => answered(each.exchange))) {
          const earlier = placed.filter((other) => other !== one && answered(other.exchange));
          const disagreement = shownOtherwise(set, one, raceLinearizable) ?? nameTaken(set, one, earlier, raceLinearizable);
          if (disagreement) return found(disagreement);
        }
      return { completed: true, findings: [], left: left() };
    },
  };
}
