import { unsampled } from '../engine/deviation.js';
import type { Report } from './report.js';
import { type Tested, testedFacts } from './tested.js';
import { statusLabel } from './status.js';
import { deviationHeadline } from './text.js';
import type { WrittenReports } from './write.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Deviations printed in full at the end of a normal run; --verbose prints them all. */
const SHOWN_IN_FULL = 5;

export type Verbosity = 'quiet' | 'normal' | 'verbose';

function verdictLine(report: Report): string {
  const s = report.summary;
  return `${statusLabel[report.status]}  ${plural(s.operations, 'operation')}, ${plural(s.requests, 'request')}, ${s.passed}/${s.checks} checks passed (${s.skipped} skipped): ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}  [seed ${report.seed}, fail on ${report.failOn}${report.gate.failOnNew ? ' (new only)' : ''}, ${report.durationMs} ms]`;
}

function reportsLine(files: WrittenReports): string {
  return `Reports: ${files.json}, ${files.junit}, ${files.markdown}, ${files.html}`;
}

/** Why the run is what it is: the status's reason, then the gate's failures. */
function whyLines(report: Report): string[] {
  return [...(report.reason === undefined ? [] : [report.reason]), ...report.gate.failures].map((line) => `  ${line}`);
}

/** The closing output: a table per operation, the verdict and why, the first deviations, the reports. */
export function summaryText(report: Report, files: WrittenReports, verbosity: Verbosity = 'normal'): string {
  // Nothing ran: no table to show, only the status and why.
  if (verbosity === 'quiet' || report.status === 'not-run') return [verdictLine(report), ...whyLines(report), reportsLine(files)].join('\n');
  const rows = report.operations.map((op) => [
    `${op.operation}${op.status === 'unverified' ? ' (unverified)' : ''}`,
    String(op.requests),
    `${op.passed}/${op.checks}`,
    String(op.errors),
    String(op.warnings),
    String(op.infos),
  ]);
  const lines = rows.length === 0 ? [''] : ['', table(['operation', 'requests', 'checks passed', 'errors', 'warnings', 'infos'], rows), ''];
  lines.push(verdictLine(report));
  lines.push(...whyLines(report));
  const unverified = report.operations.filter((op) => op.status === 'unverified');
  if (unverified.length > 0) lines.push(`Unverified: ${unverified.map((op) => `${op.operation} (${op.reason})`).join('; ')}`);
  const baseline = report.gate.baseline;
  if (baseline) lines.push(`Baseline ${baseline.file}: ${baseline.new} new, ${baseline.stillPresent} still present, ${baseline.fixed.length} fixed.`);
  const skipped = report.coverage.filter((entry) => entry.status === 'skipped');
  if (skipped.length > 0) lines.push(`Skipped: ${skipped.map((entry) => `${entry.operation} (${entry.reason})`).join('; ')}`);
  for (const flow of report.flows.filter((f) => !f.completed)) lines.push(`Flow ${flow.flowId} stopped early: ${flow.reason}`);
  const shown = verbosity === 'verbose' ? report.deviations : report.deviations.slice(0, SHOWN_IN_FULL);
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
    lines.push(`  Repro: ${deviation.repro}`);
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
