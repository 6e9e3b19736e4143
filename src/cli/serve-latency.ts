import { KitError } from '../errors.js';
import { type Latency, latencyProblem, parseAddedLatency } from '../reference/latency.js';

/** The latency options of `serve`, as parseArgs gives them. */
export interface LatencyFlags {
  latency?: string;
  'slow-every'?: string;
  'slow-ms'?: string;
}

/** `serve --latency`, `--slow-every` and `--slow-ms` as the reference server takes them; undefined when none is given. */
export function serveLatency(values: LatencyFlags): Latency | undefined {
  const { latency: added, 'slow-every': every, 'slow-ms': slowMs } = values;
  if (added === undefined && every === undefined && slowMs === undefined) return undefined;
  const addedMs = added === undefined ? undefined : parseAddedLatency(added);
  if (added !== undefined && addedMs === undefined) {
    throw new KitError('OTP_BAD_OPTION', `--latency ${added} is not a delay; give milliseconds (--latency 50) or a range (--latency 0-60).`);
  }
  if ((every === undefined) !== (slowMs === undefined)) {
    throw new KitError('OTP_BAD_OPTION', '--slow-every and --slow-ms go together: give both, e.g. --slow-every 50 --slow-ms 1500.');
  }
  const latency: Latency = {
    ...(addedMs === undefined ? {} : { addedMs }),
    ...(every === undefined || slowMs === undefined ? {} : { slow: { every: Number(every), ms: Number(slowMs) } }),
  };
  const problem = latencyProblem(latency);
  if (problem) throw new KitError('OTP_BAD_OPTION', `--latency, --slow-every or --slow-ms: ${problem}, e.g. --latency 0-60 --slow-every 50 --slow-ms 1500.`);
  return latency;
}

/** The latency as the start lines of `serve` print it. */
export function describeLatency(latency: Latency): string {
  const added = latency.addedMs;
  const usual =
    added === undefined ? 'no added delay' : typeof added === 'number' ? `every answer ${added} ms late` : `answers ${added.min}–${added.max} ms late`;
  return latency.slow ? `${usual}; one in ${latency.slow.every} ${latency.slow.ms} ms late` : usual;
}
