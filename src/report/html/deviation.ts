import { fieldLinesOf } from '../../client/field-lines.js';
import { type DeviationSample, unsampled } from '../../engine/judging/deviation.js';
import type { GatedDeviation } from '../../gate/gate.js';
import type { CheckInfo } from '../report.js';
import { facts, groupTitle, severityBadge } from './format.js';
import { html, type SafeHtml } from './markup.js';
import { prettyBody } from './pretty-json.js';

const received = 'Received: ';
const documented = 'Documented: ';

/** The header section as lines, each Set-Cookie line apart as it came. */
function headerLines(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .flatMap(([name, value]) => fieldLinesOf(name, value).map((line) => `${name}: ${line}`))
    .join('\n');
}

function body(text: string | undefined, empty: string): SafeHtml {
  if (text === undefined || text === '') return html`<p class="muted">${empty}</p>`;
  // The HTML parser drops one newline right after <pre>: double it so the body shows as sent.
  const shown = prettyBody(text);
  return html`<pre class="body">${shown.startsWith('\n') ? `\n${shown}` : shown}</pre>`;
}

/** A `<pre>` with a Copy button; the inline script does the copying. */
export function copyable(label: string, text: string, className: string): SafeHtml {
  return html`<div class="copyable"><span class="label">${label}</span><pre class="${className}">${text}</pre><button type="button" class="copy">Copy</button></div>`;
}

function renderRequest(request: GatedDeviation['request']): SafeHtml {
  return html`<div class="message-part"><h4>Request</h4>
  <pre class="start-line">${request.method} ${request.url}</pre>
  ${Object.keys(request.headers).length > 0 ? html`<pre class="headers">${headerLines(request.headers)}</pre>` : ''}
  ${body(request.body, '(no body)')}
</div>`;
}

function renderResponse(response: GatedDeviation['response']): SafeHtml {
  if (!response) return html`<div class="message-part"><h4>Response</h4><p class="muted">No response arrived.</p></div>`;
  return html`<div class="message-part"><h4>Response</h4>
  <pre class="start-line">HTTP ${response.status}</pre>
  ${Object.keys(response.headers).length > 0 ? html`<pre class="headers">${headerLines(response.headers)}</pre>` : ''}
  ${body(response.body, '(empty body)')}
  ${response.bodyTruncated ? html`<p class="badge truncated">body truncated: only its beginning is kept</p>` : ''}
</div>`;
}

function gateBadges(d: GatedDeviation): SafeHtml {
  return html`${d.waived ? html`<span class="badge waived" title="${d.waived.reason}">waived</span>` : ''}${
    d.baseline ? html`<span class="badge baseline-${d.baseline}">${d.baseline === 'new' ? 'new' : 'still present'}</span>` : ''
  }${d.occurrences > 1 ? html`<span class="badge occurrences">×${d.occurrences}</span>` : ''}${
    d.recurrence ? html`<span class="badge recurrence-${d.recurrence}" title="${recurrenceNote[d.recurrence]}">${d.recurrence}</span>` : ''
  }`;
}

const recurrenceNote = {
  consistent: 'Re-sent once, the same bytes: it failed the same way again.',
  intermittent: 'Re-sent once, the same bytes: it did not fail that way again. It still counts.',
} as const;

/** The calls a deviation over several answers rests on, in order: each request and its answer in outline. */
function renderSteps(d: GatedDeviation): SafeHtml {
  if (!d.steps) return html``;
  return html`<div class="steps"><h4>The calls it rests on</h4><ol>${d.steps.map(
    (step) =>
      html`<li><code>${step.path}</code> <code>${step.request.method} ${step.request.url}</code>${step.request.body === undefined ? '' : html` <code>${step.request.body}</code>`} → ${step.answer}</li>`,
  )}</ol></div>`;
}

/** The other occurrences kept as evidence, then how many more were counted but not kept. */
function renderSamples(d: GatedDeviation): SafeHtml {
  const samples = d.samples ?? [];
  const more = unsampled(d);
  if (samples.length === 0 && more === 0) return html``;
  return html`<div class="samples"><h4>Other occurrences</h4>
  ${samples.map((sample, i) => renderSample(sample, i + 2))}
  ${more > 0 ? html`<p class="more">and ${more} more ${more === 1 ? 'occurrence' : 'occurrences'} of this deviation, counted but not kept</p>` : ''}
</div>`;
}

function renderSample(sample: DeviationSample, number: number): SafeHtml {
  return html`<details class="sample"><summary>#${number} <code class="pointer">${sample.instancePath}</code> ${sample.actual} <code>${sample.path}</code></summary>
  ${facts([
    ['intent', sample.intent],
    ['input', sample.input],
  ])}
  <div class="exchange">${renderRequest(sample.request)}${renderResponse(sample.response)}</div>
  ${sample.replay ? copyable('Replay: add to the command that found it', sample.replay, 'replay') : ''}
  ${copyable('Repro', sample.repro, 'repro')}
</details>`;
}

function gateNotes(d: GatedDeviation): SafeHtml {
  return html`${d.waived ? html`<p class="note waived">Waived until ${d.waived.expires}: ${d.waived.reason}</p>` : ''}${
    d.baseline === 'new' ? html`<p class="note baseline-new">New since the baseline.</p>` : ''
  }${d.baseline === 'still-present' ? html`<p class="note baseline-still-present">Already in the baseline.</p>` : ''}`;
}

/** One deviation, collapsed: the summary line says what and where, the body gives the evidence. */
export function renderDeviation(d: GatedDeviation, check: CheckInfo | undefined, index: number): SafeHtml {
  const [title = '', ...rest] = d.message.split('\n');
  const extra = rest.filter((line) => !line.startsWith(received) && !line.startsWith(documented));
  return html`<details class="deviation" id="deviation-${index}" data-severity="${d.severity}" data-group="${d.group}" data-check="${d.check}" data-operation="${d.operation}">
<summary>${severityBadge(d.severity)} <code class="check">${d.check}</code> <code class="operation">${d.operation}</code>${
    d.instancePath ? html` <code class="pointer">${d.instancePath}</code>` : ''
  } <span class="title">${title}</span>${gateBadges(d)}</summary>
<div class="detail">
  ${gateNotes(d)}
  <dl class="expectation"><dt>Received</dt><dd>${d.actual}</dd><dt>Documented</dt><dd>${d.expected} (${d.rule})</dd></dl>
  ${extra.map((line) => html`<p>${line}</p>`)}
  <div class="rule"><strong>Rule ${d.rule}</strong>${check ? html` — ${check.title}<blockquote>${check.quote}</blockquote>` : ''}</div>
  ${facts([
    ['intent', d.intent],
    ['input', d.input],
    ['operation', html`<code>${d.operation}</code> (${d.operationId}, ${groupTitle(d.group)})`],
    ['seed', html`<code>${d.seed}</code>`],
    ['path', html`<code>${d.path}</code>`],
    ['occurrences', d.occurrences],
    ['re-sent once', d.recurrence ? `${d.recurrence}: ${recurrenceNote[d.recurrence]}` : undefined],
  ])}
  <div class="exchange">${renderRequest(d.request)}${renderResponse(d.response)}</div>
  ${renderSteps(d)}
  ${d.replay ? copyable('Replay: add to the command that found it', d.replay, 'replay') : ''}
  ${copyable(d.steps ? `Repro: the ${d.steps.length} calls in order` : 'Repro', d.repro, 'repro')}
  ${renderSamples(d)}
</div>
</details>`;
}
