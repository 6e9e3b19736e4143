import type { Severity } from '../checks/types.js';
import type { AuthScheme } from '../client/auth.js';

/** Everything a run needs, resolved from options, environment and .env; plain data, so it can cross to workers. */
export interface RunSettings {
  readonly baseUrl: string;
  readonly token: string;
  readonly authScheme: AuthScheme;
  /** Generated valid payloads per operation. */
  readonly runs: number;
  /** Generated hostile payloads per operation (0: none). */
  readonly hostileRuns: number;
  /** Send the auth probes of section 5. */
  readonly authProbes: boolean;
  /** Run the stateful flows (create → list → delete → gone). */
  readonly stateful: boolean;
  /** Skip every operation that changes state, and the flows. */
  readonly readOnly: boolean;
  /** At most this many requests begin per second; undefined: no cap. */
  readonly ratePerSecond: number | undefined;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly concurrency: number;
  readonly failOn: Severity;
  /** Ids of the operations to call: selected by `--only`, less those `--read-only` skips. */
  readonly operations: readonly string[];
}
