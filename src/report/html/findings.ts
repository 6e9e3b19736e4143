import { severities } from '../../checks/types.js';
import type { Report } from '../report.js';
import { renderDeviation } from './deviation.js';
import { groupTitle } from './format.js';
import { html, type SafeHtml } from './markup.js';

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Filter controls; the inline script reads them and hides what does not match. */
function renderFilters(report: Report): SafeHtml {
  const groups = unique([...report.operations.map((op) => op.group), ...report.flows.map((f) => f.group), ...report.deviations.map((d) => d.group)]);
  const known = report.checks.map((check) => check.id);
  const checks = unique([...known, ...report.deviations.map((d) => d.check)]).filter(
    (id) => report.deviations.some((d) => d.check === id) || report.operations.some((op) => id in op.byCheck) || report.flows.some((f) => f.flowId === id),
  );
  const count = (severity: string) => report.deviations.filter((d) => d.severity === severity).length;
  return html`<div class="filters" role="group" aria-label="Filter deviations">
  <span class="label">severity</span>
  ${severities.map(
    (severity) =>
      html`<label class="sev-filter sev-${severity}"><input type="checkbox" id="filter-severity-${severity}" value="${severity}" checked> ${severity} (${count(severity)})</label>`,
  )}
  <label>group <select id="filter-group"><option value="">all groups</option>${groups.map((g) => html`<option value="${g}">${groupTitle(g)}</option>`)}</select></label>
  <label>check <select id="filter-check"><option value="">all checks</option>${checks.map((id) => html`<option value="${id}">${id}</option>`)}</select></label>
  <span class="shown" id="deviations-shown" aria-live="polite">${report.deviations.length} of ${report.deviations.length} shown</span>
</div>`;
}

/** Every deviation, worst first (the report's order), each collapsed until clicked. */
export function renderFindings(report: Report): SafeHtml {
  const checkOf = (id: string) => report.checks.find((check) => check.id === id);
  return html`<section id="findings">
  <h2>Deviations</h2>
  ${renderFilters(report)}
  <div id="deviations">
    ${report.deviations.map((d, i) => renderDeviation(d, checkOf(d.check), i + 1))}
    <p class="empty" id="deviations-none"${report.deviations.length > 0 ? html` hidden` : ''}>${report.deviations.length > 0 ? 'No deviation matches the filters.' : 'No deviations.'}</p>
  </div>
</section>`;
}
