import { severityRank } from '../checks/types.js';
import type { GatedDeviation } from '../gate/gate.js';
import { foldIndexes } from '../json-pointer.js';

/**
 * Deviations with one cause: the same check failing at the same place of the answer (list indexes
 * folded), at whichever operations. A server that writes soCtime as a string at every order list is
 * one thing to fix, however many operations show it.
 */
export interface Cause {
  readonly severity: GatedDeviation['severity'];
  readonly check: string;
  /** Where in the answer, list indexes folded to `*`; empty for the whole response. */
  readonly instancePath: string;
  /** The deviations of this cause, one per operation (or flow), in report order. */
  readonly deviations: readonly [GatedDeviation, ...GatedDeviation[]];
  /** Times it showed, over every deviation of the cause. */
  readonly occurrences: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The cause a deviation belongs to: its severity, check and place, list indexes folded. */
export const causeKeyOf = (deviation: Pick<GatedDeviation, 'severity' | 'check' | 'instancePath'>): string =>
  [deviation.severity, deviation.check, foldIndexes(deviation.instancePath)].join(' ');

/** The causes of the deviations, what to fix first at the top: by severity, then the most operations, then the most occurrences. */
export function causesOf(deviations: readonly GatedDeviation[]): Cause[] {
  const byKey = new Map<string, [GatedDeviation, ...GatedDeviation[]]>();
  for (const deviation of deviations) {
    const key = causeKeyOf(deviation);
    const members = byKey.get(key);
    if (members) members.push(deviation);
    else byKey.set(key, [deviation]);
  }
  const causes = [...byKey.values()].map((members) => ({
    severity: members[0].severity,
    check: members[0].check,
    instancePath: foldIndexes(members[0].instancePath),
    deviations: members,
    occurrences: members.reduce((sum, d) => sum + d.occurrences, 0),
  }));
  return causes.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      b.deviations.length - a.deviations.length ||
      b.occurrences - a.occurrences ||
      a.check.localeCompare(b.check) ||
      a.instancePath.localeCompare(b.instancePath),
  );
}

/** "N deviations from K causes": the line the console and summary.md lead with. */
export function causesHeadline(deviations: readonly GatedDeviation[], causes: readonly Cause[]): string {
  return `${plural(deviations.length, 'deviation')} from ${plural(causes.length, 'cause')}, the one to fix first at the top:`;
}

/** One cause in a line: severity, check, place, and where it showed. */
export function causeLine(cause: Cause): string {
  const operations = [...new Set(cause.deviations.map((d) => d.operation))];
  const where = operations.length === 1 ? `at ${operations[0]}` : `at ${operations.length} operations: ${operations.join(', ')}`;
  return `${cause.severity.toUpperCase()} ${cause.check}${cause.instancePath ? ` ${cause.instancePath}` : ''} ${where} (${plural(cause.occurrences, 'occurrence')})`;
}
