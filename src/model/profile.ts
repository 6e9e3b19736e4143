import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import type { CallTiming, FlowFinding, FlowOutcome } from '../flows/flow.js';
import { answered, sameValue, shown, unanswered } from '../flows/records.js';
import { sampleOne } from '../generators/sample-one.js';
import fc from 'fast-check';
import { WORDS } from './commands.js';
import { meeting } from './meeting.js';
import type { ModelFlow } from './model-flow.js';
import { editShown, type ModelRule, raceLinearizable } from './rules.js';

const CHANGE = 'member-change-profile';
const READ = 'member-basic-info';

/** Calls the profile's model makes at most: a read, an edit and a read, two edits at once and a read, the restore. */
export const PROFILE_CALLS = 7;

/** The profile fields the model changes: text fields of the change's body (not an email, a number or a code, which have formats of their own). */
const changedFields = (body: Readonly<Record<string, unknown>>): string[] =>
  Object.entries(body).flatMap(([field, value]) => (typeof value === 'string' && /^[^@\d]+$/.test(value) ? [field] : []));

/** A value a member could type, apart from the profile's own: a word or two and the run's tag. */
const valueOf = (tag: string) => fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((words) => `${words.join(' ')} ${tag}`);

/**
 * The member's profile as a set of one record (4.1 "change profile", read back by "get customer basic
 * information"): an edit of one field is shown by the next read, the others as they were; two edits
 * of two fields sent at once leave both, as either order of them does (a lost update fits no order).
 * The fields the run changed are set back to what the first read showed at the end.
 */
export function profileFlow(changeBody: Readonly<Record<string, unknown>>, excluded: readonly string[] = []): ModelFlow | undefined {
  const [first, second] = changedFields(changeBody);
  if (first === undefined || second === undefined) return undefined;
  const judged = (rule: ModelRule) => !excluded.includes(rule.id);
  return {
    id: 'model-member-profile',
    group: 'member-account',
    title: "The member's profile behaves as one record: an edit is shown, and two edits at once both hold",
    description: `Reads the customer basic information (4.1), changes ${first} (change profile, 4.1) and reads it again: the change shown, every other field as it was (model-edit-shown). Then changes ${first} and ${second} in two calls sent at once and reads again: both changes shown, as in either order of the two (model-race-linearizable); one undone is a lost update. The fields changed are set back to what the first read showed. Warning: the spec shows no behaviour beyond shapes.`,
    rule: '1',
    quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
    severity: 'warning',
    operations: [CHANGE, READ],
    calls: PROFILE_CALLS,
    // Its two changes at once are among its calls: no race of a set with a delete (RACE_CALLS).
    raceCalls: 0,
    async run(context) {
      const tag = (context.seed >>> 0).toString(36);
      const [edited, racedFirst, racedSecond] = sampleOne(fc.tuple(valueOf(tag), valueOf(`${tag}a`), valueOf(`${tag}b`)), context.seed);
      const steps: KeptStep[] = [];
      const call: Call = async (operation, body, label, timing) => {
        const exchange = await context.call(operation, body, undefined, timing);
        steps.push({ ...keepStep(exchange), path: `model:${label}` });
        return exchange;
      };
      const original = resultData(await call(READ, {}, 'read'));
      const before = original && typeof original[first] === 'string' && typeof original[second] === 'string' ? original : undefined;
      if (!before) return { completed: false, reason: `the customer basic information answered no ${first} and ${second}`, findings: [] };
      const outcome = await judge(call, steps, before, { first, second, edited, racedFirst, racedSecond }, judged);
      // Set back as found, whatever the outcome: not evidence.
      await context.call(CHANGE, { [first]: before[first], [second]: before[second] });
      return outcome;
    },
  };
}

interface Values {
  readonly first: string;
  readonly second: string;
  readonly edited: string;
  readonly racedFirst: string;
  readonly racedSecond: string;
}

/** The fields a read shows otherwise than predicted, each with `field "shown" (predicted "value")`. */
function otherwise(shownRecord: Readonly<Record<string, unknown>>, predicted: Readonly<Record<string, unknown>>): { field: string; text: string }[] {
  return Object.entries(predicted).flatMap(([field, value]) =>
    sameValue(shownRecord[field], value) ? [] : [{ field, text: `${field} ${shown(shownRecord[field])} (predicted ${shown(value)})` }],
  );
}

type Call = (operation: string, body: Record<string, unknown>, label: string, timing?: CallTiming) => Promise<Exchange>;

/** The edit and the read that must show it, then the two edits at once and the read that must show both; the first disagreement found. */
async function judge(
  call: Call,
  steps: readonly KeptStep[],
  before: Readonly<Record<string, unknown>>,
  { first, second, edited, racedFirst, racedSecond }: Values,
  judged: (rule: ModelRule) => boolean,
): Promise<FlowOutcome> {
  const found = (by: ModelRule, differing: readonly { field: string; text: string }[], expected: string): FlowOutcome => {
    const last = steps.at(-1);
    const [firstDiffering] = differing;
    const finding: FlowFinding | undefined = last && {
      by,
      instancePath: `/data/${firstDiffering?.field ?? first}`,
      expected,
      actual: `answered ${differing.map((difference) => difference.text).join(', ')}`,
      exchange: last,
      steps: [...steps],
    };
    return { completed: true, findings: finding ? [finding] : [] };
  };
  const noVerdict = (reason: string): FlowOutcome => ({ completed: false, reason, findings: [] });
  const edit = await call(CHANGE, { [first]: edited }, `edit ${first}`);
  if (unanswered(edit) || !answered(edit)) return noVerdict(`${CHANGE} of ${first} was not answered with success`);
  const afterEdit = resultData(await call(READ, {}, 'read'));
  if (!afterEdit) return noVerdict(`${READ} answered no profile after the edit`);
  const editDiffers = otherwise(afterEdit, { [first]: edited, [second]: before[second] });
  if (editDiffers.length > 0 && judged(editShown))
    return found(editShown, editDiffers, `${first} ${shown(edited)} as the change sent, ${second} ${shown(before[second])} as it was`);
  if (!judged(raceLinearizable)) return { completed: true, findings: [] };
  // Each body held open mid-way until both changes are in flight, as the model's races send theirs (race.ts).
  const midBody = meeting(2);
  const raced = await Promise.all([
    call(CHANGE, { [first]: racedFirst }, `edit ${first} at once`, { midBody }),
    call(CHANGE, { [second]: racedSecond }, `edit ${second} at once`, { midBody }),
  ]);
  // A change refused is the server's choice: nothing is predicted of an order that undoes it.
  if (!raced.every((exchange) => !unanswered(exchange) && answered(exchange)))
    return noVerdict('the races stopped: a change of the profile sent at once was not answered with success');
  const afterRace = resultData(await call(READ, {}, 'read'));
  if (!afterRace) return noVerdict(`${READ} answered no profile after the changes sent at once`);
  const raceDiffers = otherwise(afterRace, { [first]: racedFirst, [second]: racedSecond });
  if (raceDiffers.length > 0)
    return found(
      raceLinearizable,
      raceDiffers,
      `${first} ${shown(racedFirst)} and ${second} ${shown(racedSecond)}: either order of the two changes sent at once leaves both`,
    );
  return { completed: true, findings: [] };
}
