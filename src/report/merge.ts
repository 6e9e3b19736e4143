import { operations } from '../catalogue/operations.js';
import { deviationKey } from '../engine/judging/deviation.js';
import { KitError } from '../errors.js';
import type { FixedDeviation } from '../gate/baseline.js';
import type { Gate } from '../gate/gate.js';
import { readReportFile } from '../gate/report-file.js';
import { countSeverities, type Report, type SkippedFlow, slowestRequests, type StoppedEarly } from './report.js';
import { combinedStatus } from './status.js';

interface Part {
  readonly file: string;
  readonly report: Report & Required<Pick<Report, 'shard' | 'options'>>;
}

function refuse(message: string): KitError {
  return new KitError('OTP_BAD_MERGE', message);
}

function readPart(file: string): Part {
  const report = readReportFile(file, 'report-part.schema.json', {
    option: '',
    code: 'OTP_BAD_REPORT',
    fix: 'give the report.json each part of a run wrote with --shard I/N.',
  }) as Part['report'];
  return { file, report };
}

/** JSON with keys in one order, so that equal options compare equal however they were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The parts of a run, one at least. */
type Parts = readonly [Part, ...Part[]];

/** The first part's value, and each part that differs from it: named, with the option to fix. */
function sameEverywhere(parts: Parts, what: string, pick: (report: Part['report']) => unknown, fix: string): void {
  const first = canonical(pick(parts[0].report));
  const differing = parts.filter((part) => canonical(pick(part.report)) !== first);
  if (differing.length > 0) {
    const shown = (part: Part) => `${part.file} (${JSON.stringify(pick(part.report))})`;
    throw refuse(`The parts ran with different ${what}: ${shown(parts[0])} but ${differing.map(shown).join(', ')}; ${fix}`);
  }
}

/** Options that differ between parts, by name: shorter than printing both. */
function differingOptions(parts: Parts): void {
  const first = parts[0];
  const options = (part: Part): Record<string, unknown> => ({ ...part.report.options });
  for (const part of parts.slice(1)) {
    const [mine, theirs] = [options(first), options(part)];
    const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((name) => canonical(mine[name]) !== canonical(theirs[name]));
    if (names.length > 0) {
      throw refuse(
        `The parts ran with different options: ${first.file} and ${part.file} differ in ${names.join(', ')}; run every part with the same options, only --shard and --report-dir changing.`,
      );
    }
  }
}

/** Shards 1..N, each exactly once: names every part missing and every part given twice. */
function checkShards(parts: Parts): void {
  sameEverywhere(parts, 'shard counts', (report) => report.shard.total, 'give the parts of one run, all with --shard I/N for the same N.');
  const total = parts[0].report.shard.total;
  const problems: string[] = [];
  for (let index = 1; index <= total; index++) {
    const given = parts.filter((part) => part.report.shard.index === index);
    if (given.length === 0) problems.push(`part ${index}/${total} is missing`);
    if (given.length > 1) problems.push(`part ${index}/${total} is given ${given.length} times (${given.map((part) => part.file).join(', ')})`);
  }
  const beyond = parts.filter((part) => part.report.shard.index > total);
  for (const part of beyond) problems.push(`${part.file} says it is part ${part.report.shard.index}/${total}`);
  if (problems.length > 0) throw refuse(`Cannot merge: ${problems.join('; ')}. Give the report.json of each part of the run exactly once.`);
}

function unique(deviations: readonly FixedDeviation[]): FixedDeviation[] {
  return [...new Map(deviations.map((deviation) => [deviationKey(deviation), deviation])).values()];
}

/**
 * The baseline comparison of the whole run: each part compared only what it ran, so a deviation
 * is fixed if some part saw it fixed, and unobserved only if no part looked.
 */
function mergedGate(parts: Parts): Gate {
  const gates = parts.map((part) => part.report.gate);
  const first = parts[0].report.gate;
  const baselines = gates.flatMap((gate) => (gate.baseline ? [gate.baseline] : []));
  const fixed = unique(baselines.flatMap((baseline) => baseline.fixed));
  const fixedKeys = new Set(fixed.map(deviationKey));
  const unobservedEverywhere = unique(baselines.flatMap((baseline) => baseline.unobserved ?? [])).filter(
    (deviation) =>
      !fixedKeys.has(deviationKey(deviation)) &&
      baselines.every((baseline) => (baseline.unobserved ?? []).some((other) => deviationKey(other) === deviationKey(deviation))),
  );
  const waivers = gates.flatMap((gate) => (gate.waivers ? [gate.waivers] : []));
  return {
    ...first,
    ...(first.baseline
      ? {
          baseline: {
            file: first.baseline.file,
            new: baselines.reduce((total, baseline) => total + baseline.new, 0),
            stillPresent: baselines.reduce((total, baseline) => total + baseline.stillPresent, 0),
            fixed,
            unobserved: unobservedEverywhere,
          },
        }
      : {}),
    ...(first.waivers
      ? {
          waivers: {
            file: first.waivers.file,
            applied: waivers.reduce((total, waiver) => total + waiver.applied, 0),
            expired: [...new Map(waivers.flatMap((waiver) => waiver.expired).map((waiver) => [JSON.stringify(waiver), waiver])).values()],
          },
        }
      : {}),
    failures: [...new Set(gates.flatMap((gate) => gate.failures))],
  };
}

/** The flows no part ran, each once, with the reason its first part gave. */
function skippedFlowsOf(reports: readonly Report[]): Pick<Report, 'skippedFlows'> {
  const ran = new Set(reports.flatMap((part) => part.flows.map((flow) => flow.flowId)));
  const skipped = new Map<string, SkippedFlow>();
  for (const flow of reports.flatMap((part) => part.skippedFlows ?? [])) if (!ran.has(flow.flowId) && !skipped.has(flow.flowId)) skipped.set(flow.flowId, flow);
  return skipped.size > 0 ? { skippedFlows: [...skipped.values()] } : {};
}

/** Whether --max-failures stopped some part: the limit of the first that stopped, and what every stopped part left unchecked. */
function stoppedEarlyOf(reports: readonly Report[]): Pick<Report, 'stoppedEarly'> {
  const stopped = reports.flatMap((part) => (part.stoppedEarly ? [part.stoppedEarly] : []));
  const [firstStop] = stopped;
  if (firstStop === undefined) return {};
  const sum = (pick: (notChecked: StoppedEarly['notChecked']) => number) => stopped.reduce((total, stop) => total + pick(stop.notChecked), 0);
  return {
    stoppedEarly: { reason: 'max-failures', after: firstStop.after, notChecked: { operations: sum((n) => n.operations), flows: sum((n) => n.flows) } },
  };
}

/**
 * The parts of one run split with --shard, joined into one report as if it had run whole — once
 * they are shown to be one run: same kit version, seed and options, shards 1..N each exactly once.
 */
export function mergeReports(files: readonly string[]): Report {
  const [firstFile, ...otherFiles] = files;
  if (firstFile === undefined)
    throw new KitError('OTP_BAD_OPTION', 'merge needs the report.json of each part, e.g. otp-conformance merge part-1/report.json part-2/report.json.');
  const parts: Parts = [readPart(firstFile), ...otherFiles.map(readPart)];
  sameEverywhere(parts, 'kit versions', (report) => report.version, 'write every part with the same version of otp-conformance.');
  sameEverywhere(parts, 'seeds', (report) => report.seed, 'run every part with the same --seed.');
  checkShards(parts);
  differingOptions(parts);
  sameEverywhere(
    parts,
    'check selections',
    (report) => (report.excludedChecks ?? []).map((check) => check.id),
    'run every part with the same --checks or --exclude-checks.',
  );
  const reports = parts.map((part) => part.report);
  const { shard: _shard, ...first } = parts[0].report;
  const order = (id: string) => operations.findIndex((op) => op.id === id);
  const summaries = reports.flatMap((part) => part.operations).sort((a, b) => order(a.id) - order(b.id));
  const deviations = reports.flatMap((part) => part.deviations);
  const tested = new Set(reports.flatMap((part) => part.coverage.filter((entry) => entry.status === 'tested').map((entry) => entry.id)));
  const coverage = first.coverage.map((entry) =>
    tested.has(entry.id) ? { id: entry.id, operation: entry.operation, group: entry.group, status: 'tested' as const } : entry,
  );
  const sum = (pick: (report: Report) => number) => reports.reduce((total, part) => total + pick(part), 0);
  const { status, reason } = combinedStatus(parts.map((part) => ({ ...part.report, file: part.file })));
  const { reason: _firstReason, timings: _firstTimings, stoppedEarly: _firstStop, ...firstPart } = first;
  return {
    ...firstPart,
    startedAt: reports.reduce((earliest, part) => (part.startedAt < earliest ? part.startedAt : earliest), first.startedAt),
    durationMs: Math.max(...reports.map((part) => part.durationMs)),
    status,
    ...(reason === undefined ? {} : { reason }),
    verdict: status === 'pass' ? 'pass' : 'fail',
    gate: mergedGate(parts),
    summary: {
      operations: summaries.length,
      requests: sum((part) => part.summary.requests),
      checks: sum((part) => part.summary.checks),
      passed: sum((part) => part.summary.passed),
      skipped: sum((part) => part.summary.skipped),
      coverageRequests: sum((part) => part.summary.coverageRequests ?? 0),
      // A part stopped midway counts what it sent; a part that ended, what it finished, which is all it sent.
      ...(reports.some((part) => part.summary.sent !== undefined) ? { sent: sum((part) => part.summary.sent ?? part.summary.requests) } : {}),
      withData: summaries.filter((summary) => summary.dataChecked !== undefined).length,
      dataChecked: summaries.filter((summary) => summary.dataChecked === true).length,
      ...countSeverities(deviations),
    },
    operations: summaries,
    coverage,
    flows: reports.flatMap((part) => part.flows),
    ...skippedFlowsOf(reports),
    ...stoppedEarlyOf(reports),
    observations: reports.flatMap((part) => part.observations),
    ...(reports.some((part) => part.leftOnServer) ? { leftOnServer: reports.flatMap((part) => part.leftOnServer ?? []) } : {}),
    deviations,
    slowestRequests: slowestRequests(reports.flatMap((part) => part.slowestRequests ?? [])),
  };
}
