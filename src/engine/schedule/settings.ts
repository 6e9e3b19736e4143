import type { MappedFlowSpec } from '../../catalogue/operation-map.js';
import type { Operation } from '../../catalogue/operations.js';
import type { Severity } from '../../checks/types.js';
import type { AuthScheme } from '../../client/auth.js';
import type { TransportOptions } from '../../client/dispatcher.js';
import type { PathForm } from '../../client/target.js';
import type { IssuedCookie } from '../target/issued-tokens.js';
import type { HarBodies } from './exchange-log.js';

/**
 * Generated valid payloads per operation unless told (--runs). What every run must ask, whatever its
 * seed, the coverage pass, the page walk and the probes ask; the generated calls add what a seed draws.
 */
export const DEFAULT_RUNS = 8;
/** Generated hostile payloads per operation unless told (--hostile-runs; 0 in the quick pass). */
export const DEFAULT_HOSTILE_RUNS = 8;

/** Everything a run needs, resolved from options, environment and .env; plain data, so it can cross to workers. */
export interface RunSettings {
  readonly baseUrl: string;
  readonly token: string;
  readonly authScheme: AuthScheme;
  /** How paths under /pc and /auth go on the wire: documented (doubled slash) unless the run found or was told otherwise. */
  readonly pathForm: PathForm;
  /** Generated valid payloads per operation. */
  readonly runs: number;
  /** Generated hostile payloads per operation (0: none). */
  readonly hostileRuns: number;
  /** Run the deterministic coverage pass and the page walk before the generated payloads (default on). */
  readonly coveragePass?: boolean;
  /** Bounds of the page walk per list operation (defaults in src/generators/coverage/pages.ts). */
  readonly walkPages?: number;
  readonly walkRecords?: number;
  /** Send the auth probes of section 5. */
  readonly authProbes: boolean;
  /** Send the HTTP probes (HTTP_PROBES): the first valid call again in the forms HTTP gives every client (default on). */
  readonly httpProbes?: boolean;
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
  /** Ids of the checks and flows --checks or --exclude-checks leave out; absent: every one runs. */
  readonly excludedChecks?: readonly string[];
  /** Ids of the operations to call: selected by `--only`, less those `--read-only` skips. */
  readonly operations: readonly string[];
  /** Operations of 4.1 an operation map places, with their bodies filled in (those of `operations` only). */
  readonly mapped: readonly Operation[];
  /** The map's create → list → delete flows. */
  readonly mappedFlows: readonly MappedFlowSpec[];
  /** The token operation, when the map names it: called for the token, and again once if it is refused. */
  readonly tokenSource?: TokenSource;
  /**
   * What the server handed out before the run besides its token (withIssuedCredentials): the
   * cookies a sign-in set and a renewed token, which the auth probes `session-cookie` and
   * `renewed-token` send; their values are among `secrets`. Absent: those probes are not sent.
   */
  readonly issued?: IssuedCredentials;
  /** Strings never written anywhere: the token, the credentials the templates took, and what `issued` holds. */
  readonly secrets: readonly string[];
  /** TLS trust (--ca-file, --insecure), proxies and --header: how the target is reached. */
  readonly transport?: TransportOptions;
  /** With --har: the folder each worker appends its exchanges to (src/engine/exchange-log.ts). */
  readonly exchangeLogDir?: string;
  /** With --har: whether its bodies are kept whole or cut to an excerpt (the default). */
  readonly harBodies?: HarBodies;
}

export interface TokenSource {
  readonly operation: Operation;
  /** JSON pointer to the token in the response. */
  readonly pointer: string;
}

/** What the server hands out besides the run's token: what the auth probes send in its place. */
export interface IssuedCredentials {
  /** The cookies the sign-in's answer set (issuedCookies), what a browser sends back; empty where it set none. */
  readonly cookies: readonly IssuedCookie[];
  /** The token the token operation answered when asked again; absent where the run has no token operation or it answered none. */
  readonly renewedToken?: string;
}
