import type { FindingParams, Intent, Severity } from '../../checks/types.js';
import { foldIndexes } from '../../json-pointer.js';
import { extend } from '../../objects.js';

/**
 * Whether a deviation showed again when its call was re-sent once, the same bytes: `consistent`
 * when the same check failed at the same place again, `intermittent` when it did not. Both count.
 */
export type Recurrence = 'consistent' | 'intermittent';

/** Occurrences of one cause kept with their evidence, the first included: the rest are counted. */
export const SAMPLES_PER_CAUSE = 3;

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
  /** The values the check compared, by name (a status, a header's value, a count, Ajv's params of a schema issue); absent where it compares none. */
  readonly params?: FindingParams;
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
  /**
   * How many times this deviation showed at this place (list indexes folded), over every call and
   * every record of each answer. The fields above are the first; `samples` has a few more.
   */
  readonly occurrences: number;
  /**
   * Further occurrences kept as evidence, each with its own call (at most SAMPLES_PER_CAUSE − 1);
   * absent when there is none. `occurrences − 1 − samples.length` were counted, not kept.
   */
  readonly samples?: readonly DeviationSample[];
  /** Absent when the call was not re-sent: an auth probe, a flow, an operation check, or an operation abandoned after a timeout. */
  readonly recurrence?: Recurrence;
  /**
   * Where the deviation rests on several calls (the pages of a walk, a create and the list that
   * should show it): each of them, in order; `repro` then replays them all, a curl line each.
   */
  readonly steps?: readonly DeviationStep[];
}

/** One call of a deviation that rests on several: where it stands, what was sent, what came back in outline. */
export interface DeviationStep {
  /** Its place in the operation's plan (`page:2:3`) or in the flow (`flow:<id>:<n>`). */
  readonly path: string;
  readonly request: Deviation['request'];
  /** The answer in a line: status, envelope code, records, what a page said of itself. */
  readonly answer: string;
}

/** One more occurrence of a deviation: where it showed, what came, and the call that showed it. */
export type DeviationSample = Pick<Deviation, 'instancePath' | 'actual' | 'params' | 'intent' | 'input' | 'request' | 'response' | 'path' | 'replay' | 'repro'>;

/** The fields of a deviation that belong to its one occurrence. */
export function sampleOf(deviation: Deviation): DeviationSample {
  const { instancePath, actual, params, intent, input, request, response, path, replay, repro } = deviation;
  return {
    instancePath,
    actual,
    ...(params === undefined ? {} : { params }),
    intent,
    ...(input === undefined ? {} : { input }),
    request,
    ...(response ? { response } : {}),
    path,
    ...(replay ? { replay } : {}),
    repro,
  };
}

/** Occurrences counted but not kept as samples: the "and N more" of the reports. */
export function unsampled(deviation: Pick<Deviation, 'occurrences' | 'samples'>): number {
  return Math.max(0, deviation.occurrences - 1 - (deviation.samples?.length ?? 0));
}

export function deviationMessage(title: string, actual: string, expected: string, rule: string): string {
  return `${title}\nReceived: ${actual}\nDocumented: ${expected} (${rule})`;
}

/** Same operation, check and place (list indexes folded): one deviation, counted. */
export function deviationKey(deviation: Pick<Deviation, 'operation' | 'check' | 'instancePath' | 'severity'>): string {
  return [deviation.operation, deviation.check, foldIndexes(deviation.instancePath), deviation.severity].join(' ');
}

/** Deviations of one cause joined: counts added, samples kept up to the bound, the first's label kept. */
export function foldDeviations(deviations: readonly Deviation[]): Deviation[] {
  const folded = new Map<string, Deviation>();
  for (const deviation of deviations) {
    const key = deviationKey(deviation);
    const first = folded.get(key);
    if (!first) {
      folded.set(key, deviation);
      continue;
    }
    const samples = [...(first.samples ?? []), sampleOf(deviation), ...(deviation.samples ?? [])].slice(0, SAMPLES_PER_CAUSE - 1);
    folded.set(key, extend(first, { occurrences: first.occurrences + deviation.occurrences, samples }));
  }
  return [...folded.values()];
}
