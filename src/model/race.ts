import fc from 'fast-check';
import { keepStep } from '../checks/kept-exchange.js';
import type { Exchange } from '../checks/types.js';
import type { CallTiming, FlowContext, FlowFinding } from '../flows/flow.js';
import { sameValue, unanswered } from '../flows/records.js';
import { sampleOne } from '../generators/sample-one.js';
import { type Command, commandName, editedFields, type Handle, type Values, valuesOf, WORDS } from './commands.js';
import { meeting } from './meeting.js';
import { type HeldRecords, judgeRace, notAnEnvelope, type Outcome, outcomeOf, type Sent } from './race-judge.js';
import type { RecordSet, SetStep } from './record-set.js';
import { fill, idText, laid, type ListRead, predictedOf, SequenceRunner } from './run-sequence.js';
import { type ModelRule, raceEnvelope, raceLinearizable } from './rules.js';
import { created, type ModelState, type OwnRecord, written } from './state.js';

/** Commands sent at once, then the calls after them, one after another, that show where they left the records. */
export interface Race {
  readonly raced: readonly Command[];
  readonly after: readonly Command[];
}

/** Pages a list after a race reads at most: the run's records are among the newest. */
const RACE_LIST_PAGES = 2;
/** Pages the list after the creates reads at most where its first pages show one of them and not the other. */
const READ_ON_PAGES = 10;
/**
 * Calls the races of a set make at most: two creates and a list (4), two edits and a read at once,
 * a read and a list (6), two deletes and two reads at once, a delete, a read and a list (8), the
 * clean-up of the two records (2), and, where the list after the creates shows one of them and not
 * the other, that list read again up to READ_ON_PAGES (10).
 */
export const RACE_CALLS = 30;

/** Of the records made in a race (those with no id yet), the list's first pages show some and not the others. */
function partlyShown(state: ModelState, set: RecordSet, read: ListRead): boolean {
  const made = [...state.values()].filter((record) => record.exists && record.id === undefined);
  const shownThere = made.filter((record) => read.records.some(({ record: shownRecord }) => shownRecord[set.match] === record.marker));
  return shownThere.length > 0 && shownThere.length < made.length;
}

/** The second edit's values, apart from the first's in every field: a mix of the two is then told from either. */
function apart(first: Values, second: Values): Values {
  return Object.fromEntries(
    Object.entries(second).map(([field, value]) => {
      if (!sameValue(value, first[field])) return [field, value];
      if (typeof value === 'number') return [field, (value % 500) + 1];
      return [field, `${value} ${WORDS.find((word) => !value.includes(word)) ?? WORDS[0]}`];
    }),
  );
}

/**
 * A set's races, drawn from the seed: writes with writes, writes with reads, reads with reads, on
 * records the run makes for them. Two creates at once; two edits of one record with a read of it;
 * two deletes of one record with reads of it and of the other. Only a set with a delete races: its
 * records are taken away again.
 */
export function racesFor(set: RecordSet, seed: number): Race[] {
  if (!set.delete) return [];
  const made = valuesOf(set, [...set.text, ...set.numbers]);
  const edited = valuesOf(set, editedFields(set));
  const [a, b, first, second] = sampleOne(fc.tuple(made, made, edited, edited), seed);
  const read = (handle: Handle): Command[] => (set.detail ? [{ kind: 'read', handle }] : []);
  const list: Command = { kind: 'list' };
  const editing: Race[] = set.edit
    ? [
        {
          raced: [{ kind: 'edit', handle: 'a', values: first }, { kind: 'edit', handle: 'a', values: apart(first, second) }, ...read('a')],
          after: [...read('a'), list],
        },
      ]
    : [];
  return [
    {
      raced: [
        { kind: 'create', handle: 'a', values: a },
        { kind: 'create', handle: 'b', values: b },
      ],
      after: [list],
    },
    ...editing,
    {
      raced: [{ kind: 'delete', handle: 'a' }, { kind: 'delete', handle: 'a' }, ...read('a'), ...read('b')],
      after: [{ kind: 'delete', handle: 'a' }, ...read('a'), list],
    },
  ];
}

/** What the races of a set found, or why they ended without a verdict. */
export interface RaceRun {
  readonly findings: readonly FlowFinding[];
  readonly stop?: string;
  readonly calls: number;
}

/** A call that says nothing of what the server did: none came, or a rate limit turned it away. */
const noAnswer = (exchange: Exchange) => unanswered(exchange) || exchange.response?.status === 429;

/**
 * Runs a set's races: each race's commands sent at once, every answer required to be an envelope
 * (2.1), then the calls after it one after another, and all their answers judged together against
 * every order of the raced commands (race-judge.ts). The first race no order explains is reported
 * with every call of the races so far, and the races end; so they do where an answer says nothing.
 * The records they made are deleted at the end.
 */
export async function runRaces(set: RecordSet, context: FlowContext, markerBase: string, seed: number, judged: (rule: ModelRule) => boolean): Promise<RaceRun> {
  const runner = new SequenceRunner(set, context, markerBase);
  let records: HeldRecords = new Map();
  let gone: Outcome | undefined;
  const own = (handle: Handle): OwnRecord | undefined => runner.state.get(handle);

  const callOf = (command: Exclude<Command, { readonly kind: 'list' }>): { step: SetStep; body: Record<string, unknown> } | undefined => {
    if (command.kind === 'create') {
      const marker = `${markerBase}${command.handle}`;
      return { step: set.create, body: laid(fill(set.create, { UNIQUE: marker }), command.values) };
    }
    const record = records.get(command.handle);
    const step = { edit: set.edit, delete: set.delete, read: set.detail }[command.kind];
    if (!step || !record?.id) return undefined;
    const values = command.kind === 'edit' ? command.values : {};
    return { step, body: laid(fill(step, { id: record.id.value, UNIQUE: record.marker }), values) };
  };
  const send = async (command: Command, label: string, timing: CallTiming = {}): Promise<Sent | string> => {
    if (command.kind === 'list') {
      const first = await runner.readList(label, RACE_LIST_PAGES);
      // Where it shows some of the records made in the race and not the others, it is read on, so that a record missing is missing from a list read whole.
      const list = typeof first !== 'string' && !first.complete && partlyShown(runner.state, set, first) ? await runner.readList(label, READ_ON_PAGES) : first;
      return typeof list === 'string' ? list : { command, list };
    }
    const call = callOf(command);
    if (!call) return `${commandName(command)} has no record id to name`;
    runner.calls++;
    const exchange = await context.call(call.step.operation, call.body, 'documented', timing);
    if (noAnswer(exchange)) return `${call.step.operation} gave no answer`;
    return { command, exchange, kept: { ...keepStep(exchange), path: `model:${label}` }, sets: predictedOf(set, call.body) };
  };
  /** What the answers make certain whatever the order, kept where the lists after a race look for the records. */
  const learn = (sent: Sent) => {
    if (!('exchange' in sent) || outcomeOf(sent.exchange) !== 'success') return;
    const { command } = sent;
    const record = own(command.handle);
    if (command.kind === 'create' && !record)
      created(runner.state, {
        handle: command.handle,
        marker: `${markerBase}${command.handle}`,
        values: { ...sent.sets },
        exists: true,
        lastWrite: 'create',
        confirmed: new Map(),
        untracked: false,
      });
    if (command.kind === 'delete' && record?.exists) written(runner.state, record, 'delete');
  };

  const run = async (): Promise<Omit<RaceRun, 'calls'>> => {
    for (const [round, race] of racesFor(set, seed).entries()) {
      for (const command of race.raced) {
        if (command.kind !== 'create') continue;
        const call = callOf(command);
        if (call)
          records.set(command.handle, { handle: command.handle, marker: `${markerBase}${command.handle}`, values: predictedOf(set, call.body), exists: false });
      }
      const names = race.raced.map((command, index) => `${index + 1} ${commandName(command)}`).join(', ');
      // Each body held open mid-way until every raced call is in flight: the server holds them all at once.
      const midBody = meeting(race.raced.length);
      const sentAtOnce = await Promise.all(
        race.raced.map((command, index) => send(command, `race ${round + 1}:${index + 1}:${commandName(command)} at once`, { midBody })),
      );
      // The steps in the order the commands were written, however the answers arrived: the same seed, the same evidence.
      for (const sent of sentAtOnce) if (typeof sent !== 'string' && 'kept' in sent) runner.steps.push(sent.kept);
      const raced: Sent[] = [];
      for (const sent of sentAtOnce) {
        if (typeof sent === 'string') return { findings: [], stop: sent };
        raced.push(sent);
      }
      for (const sent of raced) {
        const instead = 'exchange' in sent ? notAnEnvelope(sent.exchange) : undefined;
        if (instead === undefined || !('kept' in sent)) continue;
        const finding: FlowFinding = {
          by: raceEnvelope,
          instancePath: '',
          expected: 'a JSON object with the fields of the envelope',
          actual: `${instead}, to ${commandName(sent.command)} sent at once with the others of ${names}`,
          exchange: sent.kept,
          steps: [...runner.steps],
        };
        return { findings: judged(raceEnvelope) ? [finding] : [], stop: 'an answer to commands sent at once was no envelope' };
      }
      for (const sent of raced) {
        if (sent.command.kind === 'create' && 'exchange' in sent && outcomeOf(sent.exchange) === 'refused')
          return { findings: [], stop: `${commandName(sent.command)} sent at once was refused: no record to race on` };
        learn(sent);
      }
      const after: Sent[] = [];
      for (const [index, command] of race.after.entries()) {
        const sent = await send(command, `race ${round + 1}:after ${index + 1}:${commandName(command)}`);
        if (typeof sent === 'string') return { findings: [], stop: sent };
        if ('kept' in sent) runner.steps.push(sent.kept);
        if (command.kind === 'delete' && 'exchange' in sent) gone = outcomeOf(sent.exchange);
        learn(sent);
        after.push(sent);
      }
      const verdict = judgeRace(set, records, raced, after, gone);
      if ('furthest' in verdict) {
        const finding: FlowFinding = {
          by: raceLinearizable,
          instancePath: verdict.furthest.instancePath,
          expected: `answers that some order of the commands sent at once (${names}) explains`,
          actual: `${verdict.furthest.why}; no order of ${names} explains the answers (${verdict.tried.join('; ')})`,
          exchange: verdict.furthest.at,
          steps: [...runner.steps],
        };
        return { findings: judged(raceLinearizable) ? [finding] : [], stop: 'commands sent at once answered as in no order' };
      }
      records = verdict.explained;
      const unknown = learnIds(set, records, after);
      if (unknown) return { findings: [], stop: unknown };
      for (const record of records.values()) {
        const held = own(record.handle);
        if (held && record.id && !held.id) held.id = record.id;
      }
    }
    return { findings: [] };
  };
  const outcome = await run();
  await runner.cleanUp();
  return { ...outcome, calls: runner.calls };
}

/** The ids of the records the lists after a race show by their markers; why not, where a record is not shown or shown twice. */
function learnIds(set: RecordSet, records: HeldRecords, after: readonly Sent[]): string | undefined {
  for (const record of records.values()) {
    if (record.id || !record.exists) continue;
    const shown = after.flatMap((sent) => ('list' in sent ? sent.list.records : [])).filter((entry) => entry.record[set.match] === record.marker);
    const ids = [...new Set(shown.map((entry) => idText(entry.record[set.idField])))];
    const [id, ...more] = ids;
    if (id === undefined || more.length > 0 || shown[0] === undefined)
      return `the list showed record ${record.handle} ${ids.length > 1 ? 'under two ids' : 'on none of its first pages'}`;
    record.id = { value: shown[0].record[set.idField], text: id };
  }
  return undefined;
}
