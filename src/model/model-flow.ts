import type { Flow, FlowFinding, FlowLeftRecord } from '../flows/flow.js';
import { LISTED_AS_LOOKED_UP_CALLS, listedAsLookedUpAfter, readBeforeWrites } from './listed-as-looked-up.js';
import { type Command, commandName, sequenceFor } from './commands.js';
import type { RecordSet } from './record-set.js';
import { RACE_CALLS, runRaces } from './race.js';
import { REFUSED_CALLS, type RefusedRun, runRefused } from './refused.js';
import { runSequence } from './run-sequence.js';
import { listedAsLookedUp, type ModelRule, modelRules, raceEnvelope, raceLinearizable, refusedChangesNothing } from './rules.js';
import { failedRun, shrink } from './shrink.js';

/** Calls one run of a sequence may make, the clean-up of its records included. */
export const SEQUENCE_CALLS = 28;

/** Whether a set has a write to refuse on its own records: a delete sent again, or a create the server must refuse. */
const refuses = (set: RecordSet): boolean => set.delete !== undefined || set.refusedCreate !== undefined;
/** Calls a set's model makes at most, its shrinking included: a disagreement found costs a few replays. */
export const MODEL_CALLS = 100;

/** The calls a set's model makes at most: a set without a delete is never run again, as each run leaves its records, nor raced. */
export const callBudgetOf = (set: RecordSet): number =>
  (set.delete ? MODEL_CALLS + RACE_CALLS : SEQUENCE_CALLS) + (set.detail ? LISTED_AS_LOOKED_UP_CALLS : 0) + (refuses(set) ? REFUSED_CALLS : 0);

/** The seed of a set's races: apart from its sequence's, so that neither draw follows the other. */
const raceSeed = (seed: number): number => (seed ^ 0x5ace) >>> 0;

/** A model's flow, with the calls it makes at most (what a dry run adds up), its races' among them. */
export type ModelFlow = Flow & { readonly calls: number; readonly raceCalls: number };

/** The set's operations, in the order the model calls them. */
export const setOperations = (set: RecordSet): string[] => [
  ...new Set([set.create, set.list, set.detail, set.edit, set.delete].flatMap((step) => (step ? [step.operation] : []))),
];

/**
 * The model of one set of records as a flow: it runs the set's sequence for the seed, checks each
 * answer against the model, and reports the first disagreement with the shortest sequence that
 * still shows it (sequences are run again only where a delete takes their records away).
 */
export function modelFlow(set: RecordSet, excluded: readonly string[] = []): ModelFlow {
  const judged = (rule: ModelRule) => !excluded.includes(rule.id);
  const operations = setOperations(set);
  const modelled: ModelFlow = {
    id: `model-${set.id}`,
    group: set.group,
    title: `The records of ${set.create.operation} behave as a model of create, list${set.detail ? ', read' : ''}${set.edit ? ', edit' : ''}${set.delete ? ', delete' : ''} predicts`,
    description: `Generated sequences over ${operations.join(', ')}, each answer checked against a model of the records the run made: ${modelRules.map((rule) => rule.id).join(', ')} (docs/model.md). A disagreement is reported with the shortest sequence that shows it; where the set has a delete, its commands are then raced, sent at once, and their answers must fit some order of them. Warning: the spec shows no behaviour beyond shapes; an answer to raced commands that is no envelope is an error (2.1).`,
    rule: '1',
    quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
    severity: 'warning',
    operations,
    calls: callBudgetOf(set),
    raceCalls: set.delete ? RACE_CALLS : 0,
    async run(context) {
      const commands = sequenceFor(set, context.seed);
      const base = `otp-model-${(context.seed >>> 0).toString(36)}-`;
      let attempt = 0;
      let spent = 0;
      const runOnce = async (sequence: readonly Command[], budget: number) => {
        const run = await runSequence(set, sequence, context, `${base}${attempt++}`, budget, judged);
        spent += run.calls;
        return run;
      };
      const first = await runOnce(commands, SEQUENCE_CALLS);
      // What a set without a delete made stays; the run says so, as it does of its creates' records.
      const leftBehind = (record: { readonly id?: string }): FlowLeftRecord => ({
        kind: set.kind ?? set.id.replaceAll('-', ' '),
        operation: set.create.operation,
        ...record,
        reason: 'no delete documented',
      });
      const left = (first.kept ?? []).map(leftBehind);
      if (!failedRun(first)) {
        if (first.stop) return { completed: false, reason: first.stop, findings: [], left };
        // A write refused on the run's own records (refused.ts), then, where the set has a delete, its commands raced (race.ts).
        const refused: RefusedRun = judged(refusedChangesNothing) ? await runRefused(set, context, first.gone, `${base}refused`) : { calls: 0 };
        if (refused.placed !== undefined) left.push(leftBehind({ id: refused.placed }));
        const found = refused.finding ? [{ ...refused.finding, actual: `${refused.finding.actual}, after ${commands.map(commandName).join(', ')}` }] : [];
        if (!set.delete || !(judged(raceLinearizable) || judged(raceEnvelope))) return { completed: true, findings: found, left };
        const races = await runRaces(set, context, `${base}race-`, raceSeed(context.seed), judged);
        if (found.length > 0 || races.findings.length > 0 || races.stop === undefined)
          return { completed: true, findings: [...found, ...races.findings], left };
        return { completed: false, reason: `the races stopped: ${races.stop}`, findings: [], left };
      }
      // Only a set whose records the run deletes is run again: each try would leave records otherwise.
      const replay = async (sequence: readonly Command[]) => (set.delete && spent < MODEL_CALLS ? runOnce(sequence, MODEL_CALLS - spent) : undefined);
      const shortest = await shrink({ commands, run: first }, replay);
      const sequence = shortest.commands.map(commandName).join(', ');
      const findings: FlowFinding[] = shortest.run.failed.disagreements.map((disagreement) => ({
        by: disagreement.by,
        instancePath: disagreement.instancePath,
        expected: disagreement.expected,
        actual: `${disagreement.actual}, after ${sequence}`,
        exchange: disagreement.exchange,
        steps: shortest.run.steps,
      }));
      return { completed: true, findings, left };
    },
  };
  if (!set.detail || !judged(listedAsLookedUp)) return modelled;
  return {
    ...modelled,
    async run(context) {
      // The relation's reads before the model's writes, then the model, then the relation after them (listed-as-looked-up.ts).
      const before = await readBeforeWrites(set, context);
      const outcome = await modelled.run(context);
      return { ...outcome, findings: [...outcome.findings, ...(await listedAsLookedUpAfter(set, before))] };
    },
  };
}
