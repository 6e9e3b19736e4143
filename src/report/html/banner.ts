import { headline } from '../headline.js';
import type { Report } from '../report.js';
import { statusLabel } from '../status.js';
import { testedFacts } from '../tested.js';
import { facts, formatDuration, plural, severityBadge } from './format.js';
import { html, type SafeHtml } from './markup.js';

/** The verdict, what was checked and how, and why the run passes or fails. */
export function renderBanner(report: Report): SafeHtml {
  const failOn = `${report.failOn}${report.gate.failOnNew ? ' (new deviations only)' : ''}`;
  const unverified = report.operations.filter((op) => op.status === 'unverified');
  return html`<header class="banner verdict-${report.status}">
  <div class="verdict">${statusLabel[report.status]}</div>
  <div class="run">
    <h1>${report.tool} ${report.version} — conformance report</h1>
    <p class="headline">${headline(report)}</p>
    ${report.warnings && report.warnings.length > 0 ? html`<ul class="failures">${report.warnings.map((warning) => html`<li>${warning}</li>`)}</ul>` : ''}
    ${facts([
      ...testedFacts(report).map(([label, value]): [string, string] => [label.toLowerCase(), value]),
      ['started', report.startedAt],
      ['duration', formatDuration(report.durationMs)],
      ['fail on', failOn],
    ])}
    ${report.reason === undefined ? '' : html`<p class="status-reason">${report.reason}</p>`}
    ${unverified.length > 0 ? html`<ul class="failures">${unverified.map((op) => html`<li>unverified: <code>${op.operation}</code> — ${op.reason ?? ''}</li>`)}</ul>` : ''}
    ${report.gate.failures.length > 0 ? html`<ul class="failures">${report.gate.failures.map((failure) => html`<li>${failure}</li>`)}</ul>` : ''}
  </div>
</header>
${renderBaseline(report.gate)}${renderWaivers(report.gate)}`;
}

function renderBaseline(gate: Report['gate']): SafeHtml | string {
  const baseline = gate.baseline;
  if (!baseline) return '';
  const fixed = baseline.fixed.map(
    (d) => html`<li>${severityBadge(d.severity)} <code>${d.check}</code> at <code>${d.operation}</code> <code>${d.instancePath}</code></li>`,
  );
  return html`<section class="panel" id="baseline">
  <h2>Baseline</h2>
  <p>Compared with <code>${baseline.file}</code>: <strong>${baseline.new}</strong> new, <strong>${baseline.stillPresent}</strong> still present, <strong>${baseline.fixed.length}</strong> fixed.</p>
  ${fixed.length > 0 ? html`<h3>Fixed since the baseline</h3><ul class="plain">${fixed}</ul>` : ''}
</section>`;
}

function renderWaivers(gate: Report['gate']): SafeHtml | string {
  const waivers = gate.waivers;
  if (!waivers) return '';
  const expired = waivers.expired.map(
    (w) => html`<li><code>${w.check}</code>${w.operation ? html` at <code>${w.operation}</code>` : ''}: expired on ${w.expires} (${w.reason})</li>`,
  );
  return html`<section class="panel" id="waivers">
  <h2>Waivers</h2>
  <p>From <code>${waivers.file}</code>: ${plural(waivers.applied, 'deviation')} waived, ${plural(waivers.expired.length, 'waiver')} expired.</p>
  ${expired.length > 0 ? html`<ul class="plain">${expired}</ul>` : ''}
</section>`;
}

/** Counts by severity and the totals of the run. */
export function renderSummary(report: Report): SafeHtml {
  const s = report.summary;
  const waived = (severity: string) => report.deviations.filter((d) => d.severity === severity && d.waived).length;
  const card = (severity: string, label: string, count: number) => {
    const w = waived(severity);
    return html`<div class="card sev-${severity}" data-severity="${severity}"><span class="count">${count}</span><span class="label">${label}</span>${w > 0 ? html`<span class="note">${w} waived</span>` : ''}</div>`;
  };
  return html`<section class="summary" id="summary">
  ${card('error', 'errors', s.errors)}${card('warning', 'warnings', s.warnings)}${card('info', 'infos', s.infos)}
  <div class="card totals">
    ${facts([
      ['operations', s.operations],
      ['requests', s.requests],
      ['checks passed', `${s.passed} / ${s.checks}`],
      ['not judged', s.skipped],
      ['flows', report.flows.length],
    ])}
  </div>
</section>`;
}
