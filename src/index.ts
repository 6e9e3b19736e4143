/**
 * otp-conformance as a library: `run` checks a server as the CLI does and returns the report.
 * The reference server is at 'otp-conformance/reference'; the suites for a vitest project at
 * 'otp-conformance/vitest'.
 */
export { run } from './api/run.js';
export type { Options } from './api/options.js';
export type { Report, OperationSummary, CoverageEntry, CheckInfo, SeverityCounts } from './report/report.js';
/** A deviation as report.json lists it: the evidence, and where the gate placed it (new, waived). */
export type { GatedDeviation as Deviation } from './gate/gate.js';
export type { Severity } from './checks/types.js';
/** How long an operation's answers took, and one slow call with its repro (report.json's `latency`, `slowestRequests`). */
export type { OperationLatency, SlowRequest } from './engine/operation/latency.js';
/** What a run concluded; only `pass` means "checked and conforms". */
export type { RunStatus as Status } from './report/status.js';
export { KitError } from './errors.js';
