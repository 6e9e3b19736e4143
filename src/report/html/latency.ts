import type { Report } from '../report.js';
import { copyable } from './deviation.js';
import { formatDuration, plural } from './format.js';
import { html, type SafeHtml } from './markup.js';

/** Tenths under 10 ms, where a loopback server's answers fall; whole ms above, seconds past one. */
const ms = (value: number) => (value < 10 ? `${value.toFixed(1)} ms` : formatDuration(Math.round(value)));

/**
 * How long the server took to answer: per operation the request count, mean, p50, p95 and max
 * answer time, then the run's slowest calls with their curl repro. Information, not deviations:
 * only an answer past --timeout is one (response-received).
 */
export function renderLatency(report: Report): SafeHtml {
  const rows = report.operations.flatMap((summary) => {
    const latency = summary.latency;
    if (latency === undefined) return [];
    return html`<tr data-group="${summary.group}" data-operation="${summary.operation}">
  <td><code>${summary.operation}</code></td><td class="num">${latency.requests}</td><td class="num">${ms(latency.meanMs)}</td>
  <td class="num">${ms(latency.p50Ms)}</td><td class="num">${ms(latency.p95Ms)}</td><td class="num">${ms(latency.maxMs)}</td>
</tr>`;
  });
  const slowest = (report.slowestRequests ?? []).map(
    (call, index) => html`<details class="slow-request" data-operation="${call.operation}">
  <summary>#${index + 1} <strong>${ms(call.durationMs)}</strong> <code>${call.operation}</code> <code>${call.path}</code> ${call.outcome}</summary>
  ${copyable('Repro', call.repro, 'repro')}
</details>`,
  );
  return html`<section id="latency">
  <h2>Answer times</h2>
  ${
    rows.length === 0
      ? html`<p class="empty">No answer times in this report.</p>`
      : html`<p>From sending each request to the last byte of its answer (or its failure); an answer later than --timeout is the deviation response-received.</p>
  <table class="list">
    <thead><tr><th scope="col">operation</th><th scope="col">requests</th><th scope="col">mean</th><th scope="col">p50</th><th scope="col">p95</th><th scope="col">max</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <h3>The ${plural(slowest.length, 'slowest request')}</h3>
  ${slowest}`
  }
</section>`;
}
