import { findGroup } from '../catalogue/groups.js';
import { unsampled } from '../engine/judging/deviation.js';
import { countsAgainst, type GatedDeviation } from '../gate/gate.js';
import { causeLine, causesHeadline, causesOf } from './causes.js';
import type { Report } from './report.js';
import { headline } from './headline.js';
import { statusLabel } from './status.js';
import { testedFacts } from './tested.js';
import { deviationHeadline } from './text.js';

/** Deviations shown in full in the summary; the rest are in the other reports. */
const SHOWN_IN_FULL = 10;
/** Causes listed, one line each, at the top. */
const CAUSES_LISTED = 10;

/** Text from the server inside a table cell: no pipes, no line breaks, no markup. */
function cell(text: string): string {
  return text.replace(/[\\|`*_<>[\]]/g, (char) => `\\${char}`).replace(/\s+/g, ' ');
}

/** A fenced block that no backtick run inside can close. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

function status(deviation: GatedDeviation, report: Report): string {
  if (deviation.waived) return `waived until ${deviation.waived.expires}`;
  if (deviation.baseline) return deviation.baseline === 'new' ? 'new' : 'in baseline';
  return countsAgainst(deviation, report.gate) ? 'fails the run' : '';
}

/** How often it showed, whether it showed again when re-sent, the places of the samples kept, and how many more. */
function occurrencesLine(deviation: GatedDeviation): string {
  const places = [deviation, ...(deviation.samples ?? [])].map((sample) => `\`${sample.path}\` ${cell(sample.instancePath || '(whole response)')}`);
  const more = unsampled(deviation);
  const recurrence = deviation.recurrence ? ` · ${deviation.recurrence} when re-sent once` : '';
  return `Occurrences: ${deviation.occurrences}${recurrence} · shown: ${places.join('; ')}${more > 0 ? ` — and ${more} more` : ''}`;
}

/** Why an operation has no row of figures, said once: most reasons already begin with "not tested". */
function notTested(reason: string | undefined): string {
  if (reason === undefined) return 'not tested';
  return /^not (tested|run|selected)\b/.test(reason) ? reason : `not tested: ${reason}`;
}

/** summary.md: for a pull request or the job summary of a CI run. */
export function renderMarkdown(report: Report): string {
  const s = report.summary;
  // What to fix first leads: the causes of the deviations, one line each.
  const causes = causesOf(report.deviations);
  const causeLines =
    causes.length === 0
      ? []
      : [
          `**${causesHeadline(report.deviations, causes)}**`,
          '',
          ...causes.slice(0, CAUSES_LISTED).map((cause, index) => `${index + 1}. ${cell(causeLine(cause))}`),
          ...(causes.length > CAUSES_LISTED ? [`- …and ${causes.length - CAUSES_LISTED} more causes in report.html`] : []),
          '',
        ];
  const lines = [
    `## ${report.status === 'pass' ? '✅' : report.status === 'fail' ? '❌' : '⚠️'} otp-conformance: ${cell(headline(report))}`,
    '',
    ...(report.warnings ?? []).map((warning) => `> ⚠️ ${cell(warning)}`),
    ...(report.warnings && report.warnings.length > 0 ? [''] : []),
    ...causeLines,
    ...testedFacts(report).map(([label, value]) => `- **${label}:** ${cell(value)}`),
    '',
    `${s.operations} operations · ${s.requests} requests · ${(report.durationMs / 1000).toFixed(1)} s · fail on ${report.gate.failOn}${report.gate.failOnNew ? ' (new only)' : ''}`,
    '',
    '| errors | warnings | infos | checks passed | skipped |',
    '|---:|---:|---:|---:|---:|',
    `| ${s.errors} | ${s.warnings} | ${s.infos} | ${s.passed}/${s.checks} | ${s.skipped} |`,
    '',
  ];
  if (report.reason !== undefined) {
    const why = report.status === 'fail' ? 'What could not be checked beside' : `Why it is ${statusLabel[report.status].toLowerCase()}`;
    lines.push(`**${why}:** ${cell(report.reason)}`, '');
  }
  if (report.gate.failures.length > 0) lines.push('**Why it fails:**', '', ...report.gate.failures.map((f) => `- ${cell(f)}`), '');
  const baseline = report.gate.baseline;
  if (baseline) {
    lines.push(`Against the baseline: **${baseline.new} new**, ${baseline.stillPresent} still present, ${baseline.fixed.length} fixed.`, '');
  }
  lines.push('| group | operation | requests | errors | warnings | infos |', '|---|---|---:|---:|---:|---:|');
  for (const entry of report.coverage) {
    const op = report.operations.find((o) => o.id === entry.id);
    const group = findGroup(entry.group)?.title ?? entry.group;
    lines.push(
      op
        ? `| ${group} | \`${entry.operation}\`${op.status === 'unverified' ? ` (unverified: ${cell(op.reason ?? '')})` : ''} | ${op.requests} | ${op.errors} | ${op.warnings} | ${op.infos} |`
        : `| ${group} | \`${entry.operation}\` | ${cell(notTested(entry.reason))} | | | |`,
    );
  }
  for (const flow of report.flows) {
    lines.push(
      `| ${findGroup(flow.group)?.title ?? flow.group} | flow \`${flow.flowId}\` | ${flow.exchanges} | ${flow.errors} | ${flow.warnings} | ${flow.infos} |`,
    );
  }
  for (const flow of report.skippedFlows ?? []) {
    lines.push(`| ${findGroup(flow.group)?.title ?? flow.group} | flow \`${flow.flowId}\` | ${cell(`not run: ${flow.reason}`)} | | | |`);
  }
  if (report.deviations.length > 0) lines.push('', `### Deviations (${report.deviations.length})`);
  // In full: one deviation of each cause first, in the order of the causes, then the rest.
  const firsts = causes.map((cause) => cause.deviations[0]);
  const ordered = [...firsts, ...report.deviations.filter((deviation) => !firsts.includes(deviation))];
  for (const deviation of ordered.slice(0, SHOWN_IN_FULL)) {
    const tag = status(deviation, report);
    lines.push('', `**${cell(deviationHeadline(deviation))}**${tag ? ` — ${tag}` : ''}`, '', fenced(deviation.message));
    if (deviation.input) lines.push('', `Input: ${cell(deviation.input)}`);
    if (deviation.occurrences > 1 || deviation.recurrence) lines.push('', occurrencesLine(deviation));
    if (deviation.steps)
      lines.push('', 'The calls it rests on:', '', ...deviation.steps.map((step, index) => `${index + 1}. \`${step.path}\` ${cell(step.answer)}`));
    lines.push('', fenced(deviation.repro, 'sh'));
  }
  if (report.deviations.length > SHOWN_IN_FULL) lines.push('', `…and ${report.deviations.length - SHOWN_IN_FULL} more in report.json and report.html.`);
  return `${lines.join('\n')}\n`;
}
