import { findGroup } from '../catalogue/groups.js';
import type { FlowResult } from '../engine/run-flow.js';
import type { OperationResult } from '../engine/run-operation.js';
import { countSeverities, type Report } from './report.js';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One line when a group's suite ends. */
export function groupLine(results: readonly OperationResult[], flows: readonly FlowResult[]): string {
  const group = results[0]?.group ?? flows[0]?.group ?? '';
  const counts = countSeverities([...results, ...flows].flatMap((r) => r.deviations));
  const requests = [...results, ...flows].reduce((total, r) => total + r.exchanges, 0);
  const flowText = flows.length > 0 ? ` + ${plural(flows.length, 'flow')}` : '';
  return `  ${(findGroup(group)?.title ?? group).padEnd(26)} ${`${plural(results.length, 'operation')}${flowText}`.padEnd(22)} ${plural(requests, 'request').padEnd(13)} ${counts.errors} errors, ${counts.warnings} warnings, ${counts.infos} infos`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The closing table: one row per operation, then the verdict and the first deviations. */
export function summaryText(report: Report, reportFile: string): string {
  const rows = report.operations.map((op) => [
    op.operation,
    String(op.requests),
    `${op.passed}/${op.checks}`,
    String(op.errors),
    String(op.warnings),
    String(op.infos),
  ]);
  const s = report.summary;
  const lines = [
    '',
    table(['operation', 'requests', 'checks passed', 'errors', 'warnings', 'infos'], rows),
    '',
    `${report.verdict === 'pass' ? 'PASS' : 'FAIL'}  ${plural(s.operations, 'operation')}, ${plural(s.requests, 'request')}, ${s.passed}/${s.checks} checks passed (${s.skipped} skipped): ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.infos, 'info')}  [seed ${report.seed}, fail on ${report.failOn}, ${report.durationMs} ms]`,
  ];
  const skipped = report.coverage.filter((entry) => entry.status === 'skipped');
  if (skipped.length > 0) lines.push(`Skipped: ${skipped.map((entry) => `${entry.operation} (${entry.reason})`).join('; ')}`);
  for (const flow of report.flows.filter((f) => !f.completed)) lines.push(`Flow ${flow.flowId} stopped early: ${flow.reason}`);
  for (const deviation of report.deviations.slice(0, 5)) {
    lines.push('', `${deviation.severity.toUpperCase()} ${deviation.check} at ${deviation.operation}${deviation.instancePath ? ` ${deviation.instancePath}` : ''}`);
    lines.push(...deviation.message.split('\n').map((line) => `  ${line}`));
    if (deviation.input) lines.push(`  Input: ${deviation.input}`);
    if (deviation.replay) lines.push(`  Replay: add ${deviation.replay}`);
    lines.push(`  Repro: ${deviation.repro}`);
  }
  if (report.deviations.length > 5) lines.push('', `… and ${report.deviations.length - 5} more in the report.`);
  lines.push('', `Report: ${reportFile}`);
  return lines.join('\n');
}
