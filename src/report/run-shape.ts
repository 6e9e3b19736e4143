import type { Severity } from '../checks/types.js';
import type { AuthScheme } from '../client/auth.js';
import type { RunSettings } from '../engine/schedule/settings.js';

/**
 * The options that decide what a run sends and how it judges the answers. The parts of a run split
 * with --shard must agree on every one of them, or their merged report describes no single run.
 * The base URL is not among them: each CI machine may reach its own instance of the service.
 */
export interface RunShape {
  readonly authScheme: AuthScheme;
  readonly runs: number;
  readonly hostileRuns: number;
  /** The coverage pass and page walk (--coverage, on unless turned off or --runs 1). */
  readonly coveragePass: boolean;
  readonly authProbes: boolean;
  /** The HTTP probes (--http-probes, on unless turned off or --runs 1). */
  readonly httpProbes: boolean;
  readonly stateful: boolean;
  readonly readOnly: boolean;
  /** Ids of the operations selected (--only, less those --read-only skips). */
  readonly operations: readonly string[];
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly failOn: Severity;
}

/** This report is part `index` of `total` (--shard index/total). */
export interface ShardPosition {
  readonly index: number;
  readonly total: number;
}

export function runShapeOf(settings: Pick<RunSettings, keyof RunShape>): RunShape {
  return {
    authScheme: settings.authScheme,
    runs: settings.runs,
    hostileRuns: settings.hostileRuns,
    coveragePass: settings.coveragePass !== false,
    authProbes: settings.authProbes,
    httpProbes: settings.httpProbes !== false,
    stateful: settings.stateful,
    readOnly: settings.readOnly,
    operations: settings.operations,
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    failOn: settings.failOn,
  };
}
