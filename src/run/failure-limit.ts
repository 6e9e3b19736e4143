import type { Deviation } from '../engine/judging/deviation.js';
import { applyGate, countsAgainst, type GateSettings } from '../gate/gate.js';
import { causeKeyOf } from '../report/causes.js';

/**
 * --max-failures: the causes that fail the run (at or above --fail-on, not waived, new with
 * --fail-on-new), counted as results come in and grouped as the reports group them — one check
 * failing at one place, at whichever operations — so that the limit counts things to fix, not
 * operations that show the same one.
 */
export class FailureLimit {
  private readonly causes = new Set<string>();

  constructor(
    readonly after: number,
    private readonly gate: GateSettings,
  ) {}

  /** Counts the causes of these deviations that fail the run; true once `after` of them have been found. */
  add(deviations: readonly Deviation[]): boolean {
    for (const deviation of applyGate(deviations, this.gate).deviations) {
      if (countsAgainst(deviation, this.gate)) this.causes.add(causeKeyOf(deviation));
    }
    return this.causes.size >= this.after;
  }
}
