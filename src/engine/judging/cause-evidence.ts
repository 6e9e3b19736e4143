import { type Deviation, type Recurrence, sampleOf } from './deviation.js';
import { type EvidenceContext, toDeviation } from './evidence.js';
import type { CauseTally, Sample } from './judge.js';

/**
 * The deviation of one cause: the evidence of the call that shows it (its first occurrence, or a
 * smaller call found by shrinking), the other kept occurrences as samples, and the count of all.
 */
export function causeDeviation(cause: CauseTally, shown: Sample, recurrence: Recurrence | undefined, context: EvidenceContext): Deviation {
  const head = toDeviation(cause.check, shown.finding, shown.exchange, context);
  const samples = cause.samples.slice(1).map(({ finding, exchange }) => sampleOf(toDeviation(cause.check, finding, exchange, context)));
  return {
    ...head,
    occurrences: cause.occurrences,
    ...(samples.length > 0 ? { samples } : {}),
    ...(recurrence ? { recurrence } : {}),
  };
}
