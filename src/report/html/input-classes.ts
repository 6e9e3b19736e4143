import type { Report } from '../report.js';
import { html, type SafeHtml } from './markup.js';

const tallyText = (tally: Readonly<Record<string, number>>): string =>
  Object.entries(tally)
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ') || '—';

/** Why a page walk stopped, as the summary line says it. */
const stopText: Readonly<Record<string, string>> = {
  'last-page': 'the last page',
  'page-bound': 'the page bound (--walk-pages)',
  'record-bound': 'the record bound (--walk-records)',
  'empty-page': 'an empty page',
  'no-page': 'a page without data',
};

/**
 * What "checked" covered: per operation, each input class of the coverage pass and the page walk,
 * how many requests it took, which fields it reached, and how the server answered.
 */
export function renderInputClasses(report: Report): SafeHtml {
  const operations = report.operations.flatMap((summary) => {
    const pass = summary.coveragePass;
    if (pass === undefined) return [];
    const walk = pass.pageWalk;
    const rows = pass.classes.map((entry) => {
      const found = Object.values(entry.deviations).reduce((total, count) => total + count, 0);
      return html`<tr data-family="${entry.family}">
  <td>${entry.class}</td><td>${entry.family}</td><td>${entry.judgedAs.join(', ')}</td><td class="num">${entry.requests}</td>
  <td>${entry.fields.join(', ')}</td><td>${tallyText(entry.statuses)}</td><td>${tallyText(entry.codes)}</td><td>${found === 0 ? '—' : tallyText(entry.deviations)}</td>
</tr>`;
    });
    return html`<details class="input-classes" data-group="${summary.group}" data-operation="${summary.operation}">
  <summary><code>${summary.operation}</code> — ${pass.classes.length} classes, ${pass.requests} requests, ${pass.durationMs} ms${
    walk
      ? `; page walk: ${walk.pages} pages of ${walk.pageSize}, ${walk.records} records validated, stopped at ${stopText[walk.stoppedBy] ?? walk.stoppedBy}`
      : ''
  }</summary>
  <table class="list">
    <thead><tr><th scope="col">class</th><th scope="col">family</th><th scope="col">judged as</th><th scope="col">requests</th><th scope="col">fields</th><th scope="col">HTTP statuses</th><th scope="col">codes</th><th scope="col">deviations</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
</details>`;
  });
  return html`<section id="input-classes">
  <h2>Input classes</h2>
  ${
    operations.length === 0
      ? html`<p class="empty">The coverage pass did not run (--no-coverage).</p>`
      : html`<p>The coverage pass sent every input class to every request field it fits, the same on every run, and walked the pages of every list: ${report.summary.coverageRequests ?? 0} requests.</p>
  ${operations}`
  }
</section>`;
}
