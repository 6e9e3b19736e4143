import type { Report } from '../report.js';
import { groupTitle } from './format.js';
import { html, type SafeHtml } from './markup.js';

/** Every documented operation: tested, or skipped with the reason. */
export function renderCoverage(report: Report): SafeHtml {
  const rows = report.coverage.map(
    (entry) => html`<tr data-group="${entry.group}" data-operation="${entry.operation}">
  <td><code>${entry.operation}</code></td><td>${entry.id}</td><td>${groupTitle(entry.group)}</td>
  <td><span class="badge status-${entry.status}">${entry.status}</span></td><td>${entry.reason ?? ''}</td>
</tr>`,
  );
  const flowRows = (report.skippedFlows ?? []).map(
    (flow) => html`<tr data-group="${flow.group}">
  <td>flow</td><td>${flow.flowId}</td><td>${groupTitle(flow.group)}</td>
  <td><span class="badge status-skipped">skipped</span></td><td>${flow.reason}</td>
</tr>`,
  );
  const tested = report.coverage.filter((entry) => entry.status === 'tested').length;
  return html`<section id="coverage">
  <h2>Coverage</h2>
  <p>${tested} of ${report.coverage.length} documented operations tested${flowRows.length > 0 ? `; ${flowRows.length} flows not run` : ''}.</p>
  <table class="list">
    <thead><tr><th scope="col">operation</th><th scope="col">id</th><th scope="col">group</th><th scope="col">status</th><th scope="col">reason</th></tr></thead>
    <tbody>${rows}${flowRows}</tbody>
  </table>
</section>`;
}

/** What the server did where the spec leaves the answer open: recorded, not judged. */
export function renderObservations(report: Report): SafeHtml {
  const rows = report.observations.map(
    (o) => html`<tr>
  <td><code>${o.operation}</code></td><td>${o.kind}</td><td>${o.probe}</td>
  <td class="num">${o.status ?? '—'}</td><td>${o.code ?? '—'}</td><td><span class="badge outcome">${o.outcome}</span></td>
</tr>`,
  );
  return html`<section id="observations">
  <h2>Observations</h2>
  <p>Behaviour the spec leaves open (5: "Behaviour on a missing or invalid token: not shown"), recorded but not judged.</p>
  ${
    rows.length === 0
      ? html`<p class="empty">No observations.</p>`
      : html`<table class="list">
    <thead><tr><th scope="col">operation</th><th scope="col">kind</th><th scope="col">probe</th><th scope="col">HTTP status</th><th scope="col">code</th><th scope="col">outcome</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`
  }
</section>`;
}
