import { groups, type GroupId } from '../catalogue/groups.js';
import type { ShardPosition } from '../report/run-shape.js';

/** `I/N` as given to --shard (already checked), or undefined for a whole run. */
export function shardPosition(text: string | undefined): ShardPosition | undefined {
  const parts = text === undefined ? null : /^(\d+)\/(\d+)$/.exec(text);
  return parts ? { index: Number(parts[1]), total: Number(parts[2]) } : undefined;
}

/**
 * The groups a run (or its part, with --shard I/N) checks: those with a selected operation, in the
 * order of section 1, cut into N runs of consecutive groups whose sizes differ by one at most, so
 * that no part is left empty while there are at least N groups (the options refuse more parts).
 */
export function groupsOfPart(selected: ReadonlyArray<{ readonly group: string }>, shard: ShardPosition | undefined): GroupId[] {
  const withWork = groups.map((group) => group.id).filter((group) => selected.some((op) => op.group === group));
  if (!shard) return withWork;
  const edge = (part: number) => Math.floor((part * withWork.length) / shard.total);
  return withWork.slice(edge(shard.index - 1), edge(shard.index));
}
