import { type Command, commandName, type Handle } from './commands.js';
import type { SequenceRun } from './run-sequence.js';

/** A sequence that shows a disagreement, and the run of it that did. */
export interface Shown {
  readonly commands: readonly Command[];
  readonly run: SequenceRun & { readonly failed: NonNullable<SequenceRun['failed']> };
}

export const failedRun = (run: SequenceRun): run is Shown['run'] => run.failed !== undefined;

/** The record a command acts on: a page read, the record whose page it reads; a list, none. */
const handleOf = (command: Command): Handle | undefined => (command.kind === 'list' ? command.pageOf : command.handle);

/** The commands without those `drop` picks, and without those on a record whose create is dropped. */
function without(commands: readonly Command[], drop: (command: Command, at: number) => boolean): Command[] {
  const orphans = new Set(commands.filter((command, at) => drop(command, at) && command.kind === 'create').map((command) => handleOf(command)));
  return commands.filter((command, at) => !drop(command, at) && !orphans.has(handleOf(command)));
}

/** The sequence cut after the command that disagreed, without the commands that made no call, nor the lists before any create (they judge nothing). */
function cut(commands: readonly Command[], run: Shown['run']): Command[] {
  const firstCreate = commands.findIndex((command) => command.kind === 'create');
  return commands.slice(0, run.failed.at + 1).filter((command, at) => run.sent.includes(at) && (command.kind !== 'list' || at > firstCreate));
}

/**
 * The shortest sequence found that shows the disagreement again (the same rule): cut after the
 * command that disagreed; then, as QuickCheck tries the larger shrinks first, every command on one
 * record dropped at once (the records beside the one that disagrees are often not needed: all of
 * them first, then those of each), then every lookup and page read at once, then each command
 * alone, from the last but one back (the command that disagreed stays). Each try runs
 * afresh, with records of its own, and is kept where it still disagrees so. `replay` runs a
 * sequence, or says the budget is spent (undefined).
 */
export async function shrink(first: Shown, replay: (commands: readonly Command[]) => Promise<SequenceRun | undefined>): Promise<Shown> {
  const [disagreement] = first.run.failed.disagreements;
  const rule = disagreement?.by.id;
  let current: Shown = { commands: cut(first.commands, first.run), run: first.run };
  const seen = new Set<string>();
  /** Whether the shorter sequence still disagrees so, keeping it if it does; undefined once the budget is spent. */
  const tried = async (candidate: readonly Command[]): Promise<boolean | undefined> => {
    const key = candidate.map(commandName).join(', ');
    if (candidate.length >= current.commands.length || candidate.at(-1) !== current.commands.at(-1) || seen.has(key)) return false;
    seen.add(key);
    const run = await replay(candidate);
    if (!run) return undefined;
    const kept = failedRun(run) && run.failed.disagreements.some((disagreement) => disagreement.by.id === rule);
    if (kept) current = { commands: cut(candidate, run), run };
    return kept;
  };
  const last = () => current.commands.at(-1);
  // The record the disagreement is about stays: without it there is nothing to disagree about.
  const others = [...new Set(current.commands.flatMap((command) => handleOf(command) ?? []))].filter((handle) => handle !== disagreement?.handle);
  // Every other record at once first: most disagreements need none of them.
  const onOthers = (command: Command) => {
    const handle = handleOf(command);
    return command !== last() && handle !== undefined && others.includes(handle);
  };
  const alone = others.length > 1 ? await tried(without(current.commands, onOthers)) : false;
  if (alone === undefined) return current;
  for (const handle of alone ? [] : others.reverse()) {
    if ((await tried(without(current.commands, (command) => command !== last() && handleOf(command) === handle))) === undefined) return current;
  }
  // Then every lookup and page read at once (lists stay: they give the records their ids).
  const lookup = (command: Command) => command.kind === 'read' || (command.kind === 'list' && command.pageOf !== undefined);
  if ((await tried(without(current.commands, (command) => command !== last() && lookup(command)))) === undefined) return current;
  for (let index = current.commands.length - 2; index >= 0; index--) {
    const outcome = await tried(without(current.commands, (_command, at) => at === index));
    if (outcome === undefined) break;
    index = Math.min(index, current.commands.length - 1);
  }
  return current;
}
