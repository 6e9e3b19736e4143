import { readFileSync } from 'node:fs';
import { type Deviation, deviationKey } from '../engine/deviation.js';
import { KitError } from '../errors.js';

/** A deviation of the baseline that this run no longer shows. */
export interface FixedDeviation {
  readonly severity: Deviation['severity'];
  readonly operation: string;
  readonly check: string;
  readonly instancePath: string;
}

/**
 * The deviations of an earlier report.json, by key: operation + check + instancePath (list indexes
 * folded), never by message text, so rewording a message changes nothing.
 */
export function readBaseline(file: string): Map<string, Deviation> {
  let report: unknown;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new KitError('OTP_BAD_BASELINE', `--baseline ${file} could not be read as JSON (${(error as Error).message}); give a report.json of an earlier run.`);
  }
  const deviations = (report as { deviations?: unknown })?.deviations;
  if (!Array.isArray(deviations)) {
    throw new KitError('OTP_BAD_BASELINE', `--baseline ${file} has no "deviations" array; give a report.json of an earlier run.`);
  }
  return new Map((deviations as Deviation[]).map((deviation) => [deviationKey(deviation), deviation]));
}
