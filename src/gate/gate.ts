import { type Severity, severityRank } from '../checks/types.js';
import { type Deviation, deviationKey } from '../engine/judging/deviation.js';
import { type FixedDeviation, type RunObservations, wasObserved } from './baseline.js';
import { isExpired, type Waiver, waives } from './waivers.js';

/** How a run decides its verdict, and what it compared against. */
export interface GateSettings {
  readonly failOn: Severity;
  /** Only deviations absent from the baseline fail the run. */
  readonly failOnNew: boolean;
  /** Deviations of an earlier report.json, by key; undefined without --baseline. */
  readonly baseline: ReadonlyMap<string, Deviation> | undefined;
  readonly baselineFile: string | undefined;
  readonly waivers: readonly Waiver[];
  readonly waiversFile: string | undefined;
  readonly now: Date;
}

export interface Gate {
  readonly failOn: Severity;
  readonly failOnNew: boolean;
  readonly baseline?: {
    readonly file: string;
    readonly new: number;
    readonly stillPresent: number;
    /** Gone where the run checked for them: the check ran on the operation and passed. */
    readonly fixed: readonly FixedDeviation[];
    /** Absent, but the run did not look (operation not run, check never passed there): neither fixed nor present. */
    readonly unobserved?: readonly FixedDeviation[];
  };
  readonly waivers?: { readonly file: string; readonly applied: number; readonly expired: readonly Waiver[] };
  /** Sentences saying why the run fails; empty when it passes. */
  readonly failures: readonly string[];
}

/** A deviation after the gate: whether it is new to the baseline, and the waiver that covers it. */
export type GatedDeviation = Deviation & {
  readonly baseline?: 'new' | 'still-present';
  readonly waived?: { readonly reason: string; readonly expires: string };
};

/** Whether a deviation fails the run: at or above failOn, not waived, and new when only new ones count. */
export function countsAgainst(deviation: GatedDeviation, gate: Pick<Gate, 'failOn' | 'failOnNew'>): boolean {
  if (deviation.waived) return false;
  if (gate.failOnNew && deviation.baseline === 'still-present') return false;
  return severityRank(deviation.severity) >= severityRank(gate.failOn);
}

/**
 * Marks each deviation new or still present and waived or not, and decides whether the run fails.
 * Without `observed`, every baseline deviation that is absent counts as fixed.
 */
export function applyGate(deviations: readonly Deviation[], settings: GateSettings, observed?: RunObservations): { deviations: GatedDeviation[]; gate: Gate } {
  const active = settings.waivers.filter((waiver) => !isExpired(waiver, settings.now));
  const expired = settings.waivers.filter((waiver) => isExpired(waiver, settings.now));
  const gated: GatedDeviation[] = deviations.map((deviation) => {
    const waiver = active.find((candidate) => waives(candidate, deviation));
    return {
      ...deviation,
      ...(settings.baseline ? { baseline: settings.baseline.has(deviationKey(deviation)) ? 'still-present' : 'new' } : {}),
      ...(waiver ? { waived: { reason: waiver.reason, expires: waiver.expires } } : {}),
    };
  });
  const keys = new Set(deviations.map(deviationKey));
  const absent = [...(settings.baseline?.entries() ?? [])]
    .filter(([key]) => !keys.has(key))
    .map(([, d]) => ({ severity: d.severity, operation: d.operation, check: d.check, instancePath: d.instancePath }));
  const fixed = absent.filter((d) => !observed || wasObserved(d, observed));
  const unobserved = absent.filter((d) => observed && !wasObserved(d, observed));

  const counting = gated.filter((d) => countsAgainst(d, settings));
  const failures = [
    ...(counting.length > 0
      ? [
          `${counting.length} ${settings.failOnNew ? 'new ' : ''}deviation${counting.length === 1 ? '' : 's'} at or above ${settings.failOn}${active.length > 0 ? ', not waived' : ''}`,
        ]
      : []),
    ...expired.map(
      (waiver) =>
        `waiver for ${waiver.check}${waiver.operation ? ` at ${waiver.operation}` : ''} expired on ${waiver.expires} (${waiver.reason}): renew it with a new date or fix the deviation`,
    ),
  ];
  return {
    deviations: gated,
    gate: {
      failOn: settings.failOn,
      failOnNew: settings.failOnNew,
      ...(settings.baseline && settings.baselineFile
        ? {
            baseline: {
              file: settings.baselineFile,
              new: gated.filter((d) => d.baseline === 'new').length,
              stillPresent: gated.filter((d) => d.baseline === 'still-present').length,
              fixed,
              ...(observed ? { unobserved } : {}),
            },
          }
        : {}),
      ...(settings.waiversFile ? { waivers: { file: settings.waiversFile, applied: gated.filter((d) => d.waived).length, expired } } : {}),
      failures,
    },
  };
}
