import type { Intent, Severity } from '../checks/types.js';

/** One way the server departs from the spec, with the evidence to see it and the line to repeat it. */
export interface Deviation {
  readonly severity: Severity;
  /** The documented path, e.g. /pc/custom_demand/list. */
  readonly operation: string;
  readonly operationId: string;
  readonly group: string;
  readonly check: string;
  readonly rule: string;
  /** A title, then `Received: …` and `Documented: …`. */
  readonly message: string;
  readonly instancePath: string;
  readonly expected: string;
  readonly actual: string;
  /** Why the call was made: a valid payload, a hostile one, or an auth probe. */
  readonly intent: Intent;
  /** For a hostile call: what it tried, e.g. "boundary-number: pageSize: 1e308". */
  readonly input?: string;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string | undefined;
  };
  readonly response?: {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string;
    readonly bodyTruncated: boolean;
  };
  /** The run's seed and where the call came from (`<intent>:<fast-check path>`): together they regenerate it. */
  readonly seed: number;
  readonly path: string;
  /** Options that re-send exactly this call: add them to the command that found it. */
  readonly replay?: string;
  /** A curl line that re-sends it by hand (the token read from $OTP_TOKEN). */
  readonly repro: string;
  /** How many calls showed this deviation at this place (first one kept as evidence). */
  readonly occurrences: number;
}

export function deviationMessage(title: string, actual: string, expected: string, rule: string): string {
  return `${title}\nReceived: ${actual}\nDocumented: ${expected} (${rule})`;
}

/** Same operation, check and place (list indexes folded): one deviation, counted. */
export function deviationKey(deviation: Pick<Deviation, 'operation' | 'check' | 'instancePath' | 'severity'>): string {
  return [deviation.operation, deviation.check, deviation.instancePath.replace(/\/\d+(?=\/|$)/g, '/*'), deviation.severity].join(' ');
}

export function foldDeviations(deviations: readonly Deviation[]): Deviation[] {
  const folded = new Map<string, Deviation>();
  for (const deviation of deviations) {
    const key = deviationKey(deviation);
    const first = folded.get(key);
    folded.set(key, first ? { ...first, occurrences: first.occurrences + deviation.occurrences } : deviation);
  }
  return [...folded.values()];
}
