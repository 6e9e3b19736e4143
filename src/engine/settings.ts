import type { Severity } from '../checks/types.js';
import type { AuthScheme } from '../client/auth.js';

/** Everything a run needs, resolved from options, environment and .env; plain data, so it can cross to workers. */
export interface RunSettings {
  readonly baseUrl: string;
  readonly token: string;
  readonly authScheme: AuthScheme;
  /** Generated payloads per operation. */
  readonly runs: number;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly concurrency: number;
  readonly failOn: Severity;
  /** Ids of the operations selected by `--only` (all when it is absent). */
  readonly operations: readonly string[];
}
