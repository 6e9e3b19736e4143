import { readFileSync } from 'node:fs';
import { operations } from '../catalogue/operations.js';
import { KitError } from '../errors.js';
import { countSeverities, type Report } from './report.js';

function readReport(file: string): Report {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    if (!Array.isArray(report.deviations) || !Array.isArray(report.coverage)) throw new Error('not a report.json');
    return report;
  } catch (error) {
    throw new KitError('OTP_BAD_REPORT', `${file} is not a report.json of otp-conformance (${(error as Error).message}); give the report.json of each part.`);
  }
}

/** The parts of one run split with --shard, joined into one report as if it had run whole. */
export function mergeReports(files: readonly string[]): Report {
  if (files.length === 0)
    throw new KitError('OTP_BAD_OPTION', 'merge needs the report.json of each part, e.g. otp-conformance merge part-1/report.json part-2/report.json.');
  const parts = files.map(readReport);
  const first = parts[0]!;
  const seeds = new Set(parts.map((part) => part.seed));
  if (seeds.size > 1) {
    throw new KitError('OTP_BAD_REPORT', `The parts ran with different seeds (${[...seeds].join(', ')}); run every part with the same --seed.`);
  }
  const order = (id: string) => operations.findIndex((op) => op.id === id);
  const summaries = parts.flatMap((part) => part.operations).sort((a, b) => order(a.id) - order(b.id));
  const flows = parts.flatMap((part) => part.flows);
  const deviations = parts.flatMap((part) => part.deviations);
  const tested = new Set(parts.flatMap((part) => part.coverage.filter((entry) => entry.status === 'tested').map((entry) => entry.id)));
  const coverage = first.coverage.map((entry) =>
    tested.has(entry.id) ? { id: entry.id, operation: entry.operation, group: entry.group, status: 'tested' as const } : entry,
  );
  const sum = (pick: (report: Report) => number) => parts.reduce((total, part) => total + pick(part), 0);
  const failures = [...new Set(parts.flatMap((part) => part.gate.failures))];
  return {
    ...first,
    startedAt: parts.map((part) => part.startedAt).sort()[0]!,
    durationMs: Math.max(...parts.map((part) => part.durationMs)),
    verdict: parts.some((part) => part.verdict === 'fail') ? 'fail' : 'pass',
    gate: { ...first.gate, failures },
    summary: {
      operations: summaries.length,
      requests: sum((part) => part.summary.requests),
      checks: sum((part) => part.summary.checks),
      passed: sum((part) => part.summary.passed),
      skipped: sum((part) => part.summary.skipped),
      coverageRequests: sum((part) => part.summary.coverageRequests ?? 0),
      ...countSeverities(deviations),
    },
    operations: summaries,
    coverage,
    flows,
    observations: parts.flatMap((part) => part.observations),
    deviations,
  };
}
