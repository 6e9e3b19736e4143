import { severityRank } from '../checks/types.js';
import type { Report } from './report.js';
import { statusLabel, stoppedEarlyText } from './status.js';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The defects that fail the run, counted: errors, and warnings too when they fail it. */
function defects(report: Report): string {
  const { errors, warnings } = report.summary;
  if (report.failOn === 'warning') return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  return errors > 0 ? plural(errors, 'error') : report.gate.failures.join('; ');
}

/** What could not be checked: where --max-failures stopped the run, the unverified operations counted, else the reason the status gives. */
function unchecked(report: Report): string | undefined {
  const unverified = report.operations.filter((op) => op.status === 'unverified').length;
  const limits = [
    ...(report.stoppedEarly ? [stoppedEarlyText(report.stoppedEarly.after, report.stoppedEarly.notChecked)] : []),
    ...(unverified > 0 ? [`${plural(unverified, 'operation')} not verified`] : []),
  ];
  return limits.length > 0 ? limits.join('; ') : report.reason;
}

/** The checks the run left out, counted: a run says what it did not check, a pass above all. */
function leftOut(report: Report): string {
  const excluded = report.excludedChecks ?? [];
  const [first] = excluded;
  return first === undefined ? '' : `; ${plural(excluded.length, 'check')} not run (${first.reason})`;
}

/**
 * Deviations at or above --fail-on that the gate let pass, counted: waived, or known to the baseline
 * under --fail-on-new. A verdict never hides what the figures beside it count.
 */
function excused(report: Report): string {
  const atFailOn = report.deviations.filter((d) => severityRank(d.severity) >= severityRank(report.failOn));
  const waived = atFailOn.filter((d) => d.waived).length;
  const known = report.gate.failOnNew ? atFailOn.filter((d) => !d.waived && d.baseline === 'still-present').length : 0;
  const parts = [...(waived > 0 ? [`${waived} waived`] : []), ...(known > 0 ? [`${known} known from the baseline`] : [])];
  return parts.length === 0 ? '' : `; ${parts.join(', ')}`;
}

/** What a run stopped midway had sent, counted: its finished results alone would undercount it. */
function sent(report: Report): string {
  return report.summary.sent === undefined ? '' : `; ${plural(report.summary.sent, 'request')} sent`;
}

/** Of the operations whose documented `data` holds records, how many had it checked. */
function dataChecked(report: Report): string {
  const { withData, dataChecked: checked } = report.summary;
  return withData === undefined || withData === 0 ? '' : `; data checked at ${checked ?? 0} of ${withData} that return records`;
}

/** The lookups whose records went unchecked, named: a pass says what it could not see. */
function recordsUnchecked(report: Report): string {
  const unchecked = report.operations.filter((op) => op.recordsUnchecked !== undefined);
  if (unchecked.length === 0) return '';
  return `; records unchecked at ${unchecked.map((op) => op.operation).join(', ')} (no id learnt from the server: see recordsUnchecked)`;
}

/**
 * The run in one line, as every report leads with it: the status word, then on a fail the defects
 * and what could not be checked beside them, on a pass how much was checked, otherwise why.
 */
export function headline(report: Report): string {
  const label = statusLabel[report.status];
  switch (report.status) {
    case 'pass':
      return `${label} — ${plural(report.summary.operations, 'operation')} checked${excused(report)}${dataChecked(report)}${recordsUnchecked(report)}${leftOut(report)}`;
    case 'fail': {
      const limits = unchecked(report);
      return `${label} — ${defects(report)}${excused(report)}${limits === undefined ? '' : `; ${limits}`}${sent(report)}${leftOut(report)}`;
    }
    case 'incomplete':
      return `${label} — ${report.summary.errors > 0 ? plural(report.summary.errors, 'error') : 'no defect found'}; ${unchecked(report) ?? 'not everything was checked'}${sent(report)}${leftOut(report)}`;
    case 'not-run':
      return `${label} — nothing was checked`;
    case 'interrupted':
      return `${label} — ${report.reason ?? 'stopped'}; ${plural(report.summary.errors, 'error')} in what finished${sent(report)}`;
  }
}
