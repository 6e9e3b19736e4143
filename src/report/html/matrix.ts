import { severities, type Severity } from '../../checks/types.js';
import type { CheckTally } from '../../engine/judging/judge.js';
import type { GatedDeviation } from '../../gate/gate.js';
import type { CheckInfo, OperationSummary, Report } from '../report.js';
import { formatDuration, groupTitle, plural } from './format.js';
import { html, type SafeHtml } from './markup.js';

/** What a matrix cell shows: the worst severity found, or how the check fared without finding anything. */
export type CellState = Severity | 'passed' | 'skipped' | 'na';

/** Checks (not flows) that apply to at least one operation of the run: the matrix's columns. */
export function matrixChecks(report: Report): CheckInfo[] {
  return report.checks.filter((check) => check.kind === 'check' && report.operations.some((op) => check.id in op.byCheck));
}

export function worstSeverity(deviations: readonly Pick<GatedDeviation, 'severity'>[]): Severity | undefined {
  return severities.find((severity) => deviations.some((d) => d.severity === severity));
}

/** Waived deviations do not colour a cell: they are accepted until their date. */
export function cellState(tally: CheckTally | undefined, deviations: readonly GatedDeviation[]): CellState {
  const worst = worstSeverity(deviations.filter((d) => !d.waived));
  if (worst) return worst;
  if (!tally) return 'na';
  if (tally.evaluated === 0) return tally.skipped > 0 ? 'skipped' : 'na';
  return 'passed';
}

const cellText: Readonly<Record<CellState, string>> = { error: '', warning: '', info: '', passed: '✓', skipped: '–', na: '' };

function cellTitle(op: OperationSummary, check: CheckInfo, tally: CheckTally | undefined, active: number, waived: number): string {
  if (!tally) return `${check.id} does not apply to ${op.operation}`;
  const parts = [`${check.id} at ${op.operation}`, `${tally.passed}/${tally.evaluated} passed`, `${tally.skipped} skipped`];
  if (active > 0) parts.push(plural(active, 'deviation'));
  if (waived > 0) parts.push(`${waived} waived`);
  return parts.join(', ');
}

function renderCell(op: OperationSummary, check: CheckInfo, deviations: readonly GatedDeviation[]): SafeHtml {
  const tally = op.byCheck[check.id];
  const here = deviations.filter((d) => d.operationId === op.id && d.check === check.id);
  const active = here.filter((d) => !d.waived).length;
  const waived = here.length - active;
  const state = cellState(tally, here);
  const text = active > 0 ? String(active) : cellText[state];
  return html`<td class="cell cell-${state}${waived > 0 ? ' has-waived' : ''}" data-operation="${op.operation}" data-check="${check.id}" data-count="${active}" data-state="${state}" title="${cellTitle(op, check, tally, active, waived)}">${text}</td>`;
}

/** Operations × checks, each cell coloured by the worst deviation found there. */
export function renderMatrix(report: Report): SafeHtml {
  const checks = matrixChecks(report);
  const head = checks.map(
    (check) => html`<th class="check-head" scope="col" data-check="${check.id}" title="${check.title} (${check.rule})"><span>${check.id}</span></th>`,
  );
  const rows = report.operations.map(
    (op) => html`<tr class="op-row" data-group="${op.group}" data-operation="${op.operation}">
  <th scope="row" class="op-name"><code>${op.operation}</code><span class="group">${groupTitle(op.group)} · ${plural(op.requests, 'request')}</span></th>
  ${checks.map((check) => renderCell(op, check, report.deviations))}
</tr>`,
  );
  return html`<section id="matrix">
  <h2>Operations × checks</h2>
  <p class="legend">
    <span class="swatch cell-error"></span> error <span class="swatch cell-warning"></span> warning <span class="swatch cell-info"></span> info
    <span class="swatch cell-passed"></span> passed <span class="swatch cell-skipped"></span> could not verify (skipped) <span class="swatch cell-na"></span> does not apply
    — a number is the count of deviations (waived ones excluded, marked with a corner).
  </p>
  ${
    report.operations.length === 0
      ? html`<p class="empty">No operation was checked.</p>`
      : html`<div class="scroll"><table class="matrix">
    <thead><tr><th scope="col" class="corner">operation</th>${head}</tr></thead>
    <tbody>${rows}</tbody>
  </table></div>`
  }
  ${renderFlows(report)}
</section>`;
}

function renderFlows(report: Report): SafeHtml | string {
  if (report.flows.length === 0) return '';
  const rows = report.flows.map((flow) => {
    const here = report.deviations.filter((d) => d.check === flow.flowId && !d.waived);
    const state: CellState = worstSeverity(here) ?? (flow.completed ? 'passed' : 'skipped');
    return html`<tr class="flow-row" data-group="${flow.group}" data-check="${flow.flowId}">
  <th scope="row"><code>${flow.flowId}</code><span class="group">${flow.title}</span></th>
  <td>${groupTitle(flow.group)}</td>
  <td class="ops">${flow.operations.map((path, i) => html`${i > 0 ? ' → ' : ''}<code>${path}</code>`)}</td>
  <td class="num">${flow.exchanges}</td>
  <td>${flow.completed ? 'completed' : html`stopped early: ${flow.reason ?? 'no reason given'}`}</td>
  <td class="cell cell-${state}" data-count="${here.length}" data-state="${state}">${here.length > 0 ? here.length : cellText[state]}</td>
  <td class="num">${formatDuration(flow.durationMs)}</td>
</tr>`;
  });
  return html`<h3>Flows</h3>
  <table class="flows">
    <thead><tr><th scope="col">flow</th><th scope="col">group</th><th scope="col">operations</th><th scope="col">requests</th><th scope="col">outcome</th><th scope="col">deviations</th><th scope="col">duration</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>`;
}
