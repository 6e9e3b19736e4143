import { unsampled } from '../engine/judging/deviation.js';
import { causeLine, causesHeadline, causesOf } from './causes.js';
import type { Report } from './report.js';
import { type Tested, testedFacts } from './tested.js';
import { headline } from './headline.js';
import { deviationHeadline } from './text.js';
import type { WrittenReports } from './write.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.flatMap((row) => (row[i] === undefined ? [] : [row[i].length]))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i];
        return width === undefined ? cell : i === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Deviations printed in full at the end of a normal run; --verbose prints them all. */
const SHOWN_IN_FULL = 5;
/** Causes listed, one line each, at the end of a normal run. */
const CAUSES_LISTED = 10;

export type Verbosity = 'quiet' | 'normal' | 'verbose';

/** The headline, then the run's figures on a line of their own. */
function verdictLines(report: Report): string[] {
  const s = report.summary;
  return [
    headline(report),
    `  ${plural(s.operations, 'operation')}, ${plural(s.requests, 'request')}, ${s.passed}/${s.checks} checks passed${s.skipped > 0 ? ` (${s.skipped} more not judged: no answer, JSON or data to read)` : ''}: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}  [${report.source ? 'traffic' : `seed ${report.seed}`}, fail on ${report.failOn}${report.gate.failOnNew ? ' (new only)' : ''}, ${report.durationMs} ms]`,
  ];
}

function reportsLine(files: WrittenReports): string {
  return `Reports: ${files.json}, ${files.junit}, ${files.markdown}, ${files.html}`;
}

/** The line a command prints on stderr when nothing ran: why, and so what to fix. Undefined when the run ran. */
export const notRunLine = (report: Report): string | undefined => (report.status === 'not-run' ? report.reason : undefined);

/** Why the run is what it is: the status's reason, then the gate's failures. */
function whyLines(report: Report): string[] {
  return [...(report.reason === undefined ? [] : [report.reason]), ...report.gate.failures].map((line) => `  ${line}`);
}

/** Operations not tested, counted by reason: the list itself is in the reports. */
function skippedLine(skipped: readonly Report['coverage'][number][], files: WrittenReports): string {
  const byReason = new Map<string, number>();
  for (const entry of skipped) byReason.set(entry.reason ?? 'skipped', (byReason.get(entry.reason ?? 'skipped') ?? 0) + 1);
  const reasons = [...byReason].map(([reason, count]) => `${count} ${reason}`).join(' · ');
  return `Skipped: ${plural(skipped.length, 'operation')} (${reasons}); see ${files.markdown} for which`;
}

/** Flows not run, named, with their reasons. */
function skippedFlowsLine(skipped: NonNullable<Report['skippedFlows']>): string {
  const reasons = [...new Set(skipped.map((flow) => flow.reason))].join(' · ');
  return `Flows not run: ${skipped.map((flow) => flow.flowId).join(', ')} (${reasons})`;
}

/** What the run left on the server, counted by kind and reason: "Left on the server: 3 orders (no delete documented)". */
export function leftOnServerLine(left: NonNullable<Report['leftOnServer']>): string {
  const counts = new Map<string, { kind: string; reason: string; count: number }>();
  for (const { kind, reason } of left) {
    const key = JSON.stringify([kind, reason]);
    counts.set(key, { kind, reason, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  const parts = [...counts.values()].map(({ kind, reason, count }) => `${plural(count, kind)} (${reason})`);
  return `Left on the server: ${parts.join(', ')}; see leftOnServer in report.json`;
}

/**
 * The closing output: a table per operation, the verdict and why, the first deviations, the reports.
 * A run that did not run has already said why on stderr, in one line (`notRunLine`): the summary
 * does not say it again.
 */
export function summaryText(report: Report, files: WrittenReports, verbosity: Verbosity = 'normal'): string {
  // Nothing ran: no table to show, only the status.
  if (report.status === 'not-run') return [...verdictLines(report), reportsLine(files)].join('\n');
  if (verbosity === 'quiet') return [...verdictLines(report), ...whyLines(report), reportsLine(files)].join('\n');
  const rows = report.operations.map((op) => [
    `${op.operation}${op.status === 'unverified' ? ' (unverified)' : ''}`,
    String(op.requests),
    `${op.passed}/${op.checks}`,
    String(op.errors),
    String(op.warnings),
    String(op.infos),
  ]);
  const lines = rows.length === 0 ? [''] : ['', table(['operation', 'requests', 'checks passed', 'errors', 'warnings', 'infos'], rows), ''];
  lines.push(...verdictLines(report));
  lines.push(...whyLines(report));
  const excluded = report.excludedChecks ?? [];
  if (excluded.length > 0) {
    lines.push(`Checks not run: ${excluded.map((check) => check.id).join(', ')} (${[...new Set(excluded.map((check) => check.reason))].join('; ')})`);
  }
  const unverified = report.operations.filter((op) => op.status === 'unverified');
  if (unverified.length > 0) lines.push(`Unverified: ${unverified.map((op) => `${op.operation} (${op.reason})`).join('; ')}`);
  const baseline = report.gate.baseline;
  if (baseline) lines.push(`Baseline ${baseline.file}: ${baseline.new} new, ${baseline.stillPresent} still present, ${baseline.fixed.length} fixed.`);
  const skipped = report.coverage.filter((entry) => entry.status === 'skipped');
  if (skipped.length > 0) lines.push(skippedLine(skipped, files));
  if (report.skippedFlows) lines.push(skippedFlowsLine(report.skippedFlows));
  if (report.leftOnServer) lines.push(leftOnServerLine(report.leftOnServer));
  for (const flow of report.flows.filter((f) => !f.completed)) lines.push(`Flow ${flow.flowId} stopped early: ${flow.reason}`);
  const causes = causesOf(report.deviations);
  if (causes.length > 0) {
    lines.push('', causesHeadline(report.deviations, causes));
    const listed = verbosity === 'verbose' ? causes : causes.slice(0, CAUSES_LISTED);
    lines.push(...listed.map((cause, index) => `  ${String(index + 1).padStart(2)}. ${causeLine(cause)}`));
    if (causes.length > listed.length) lines.push(`  … and ${plural(causes.length - listed.length, 'more cause')} in the reports.`);
  }
  // In full: one deviation of each cause first, in the order of the causes, then the rest.
  const firsts = causes.map((cause) => cause.deviations[0]);
  const ordered = [...firsts, ...report.deviations.filter((deviation) => !firsts.includes(deviation))];
  const shown = verbosity === 'verbose' ? ordered : ordered.slice(0, SHOWN_IN_FULL);
  for (const deviation of shown) {
    const tags = [deviation.waived ? `waived until ${deviation.waived.expires}` : '', deviation.baseline ?? '', deviation.recurrence ?? ''].filter(Boolean);
    lines.push('', `${deviationHeadline(deviation)}${tags.length > 0 ? ` [${tags.join(', ')}]` : ''}`);
    lines.push(...deviation.message.split('\n').map((line) => `  ${line}`));
    if (deviation.input) lines.push(`  Input: ${deviation.input}`);
    if (deviation.occurrences > 1) {
      const more = unsampled(deviation);
      lines.push(`  Seen ${deviation.occurrences} times (${1 + (deviation.samples?.length ?? 0)} kept in the reports${more > 0 ? `, and ${more} more` : ''})`);
    }
    if (deviation.replay) lines.push(`  Replay: add ${deviation.replay}`);
    if (deviation.steps) {
      lines.push(`  The ${deviation.steps.length} calls it rests on:`, ...deviation.steps.map((step) => `    ${step.path}  ${step.answer}`));
      lines.push('  Repro:', ...deviation.repro.split('\n').map((line) => `    ${line}`));
    } else lines.push(`  Repro: ${deviation.repro}`);
  }
  if (report.deviations.length > shown.length)
    lines.push('', `… and ${report.deviations.length - shown.length} more in the reports (--verbose prints them all).`);
  lines.push('', reportsLine(files));
  return lines.join('\n');
}

/** The console's header: what is tested, with what, before anything is sent. */
export function runHeader(tested: Tested): string {
  return testedFacts(tested)
    .map(([label, value]) => `${`${label}:`.padEnd(9)}${value}`)
    .join('\n');
}
