import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/report/html.js';
import { escapeHtml } from '../../src/report/html/markup.js';
import { prettyBody } from '../../src/report/html/pretty-json.js';
import { hostileImage, hostileScript, sampleReport } from './fixture.js';

const page = renderHtmlReport(sampleReport());

/** The opening tag of the matrix cell for one operation × check. */
function cell(operation: string, check: string): string {
  const match = page.match(new RegExp(`<td class="([^"]*)" data-operation="${operation}" data-check="${check}" data-count="(\\d+)" data-state="([^"]*)"`));
  expect(match, `${operation} × ${check}`).not.toBeNull();
  return `${match![1]} count=${match![2]} state=${match![3]}`;
}

describe('renderHtmlReport', () => {
  it('is one document', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page.trimEnd().endsWith('</html>')).toBe(true);
    for (const tag of ['<html', '</html>', '<head>', '</head>', '<body>', '</body>', '<style>', '<title>']) {
      expect(page.split(tag).length - 1, tag).toBe(1);
    }
  });

  it('runs no server markup: the only script is its own', () => {
    expect(page.match(/<script/gi)).toHaveLength(1);
    expect(page).not.toMatch(/<script>window\.__pwned/i);
    expect(page).not.toMatch(/<img/i);
    expect(page).not.toMatch(/\sonerror\s*=\s*"window/i);
  });

  it('shows hostile text escaped wherever it came from', () => {
    const script = '&lt;script&gt;window.__pwned = 1&lt;/script&gt;';
    const image = '&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;';
    expect(escapeHtml(hostileScript)).toBe(script);
    expect(escapeHtml(hostileImage)).toBe(image);
    expect(page).toContain(`x-echo: ${script}${image}`); // response header
    expect(page).toContain(`?q=${image}</pre>`); // request URL
    expect(page).toContain(`unescaped ${image}</span>`); // message title
    expect(page).toContain(`<dd>markup echoed: ${script}${image}</dd>`); // actual
    expect(page).toContain(`&quot;bad demandName ${script} \\&quot;&gt;&lt;img`); // response body, pretty-printed
  });

  it('refers to no resource over the network', () => {
    expect(page).not.toMatch(/\b(?:src|href|action|srcset|poster|data|formaction)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(page).not.toMatch(/<link\b|@import|url\(/i);
    const csp = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
    expect(csp).toContain("default-src 'none'");
  });

  it('allows exactly its own script and style sheet by hash', () => {
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const script = page.match(/<script>([\s\S]*?)<\/script>/)![1]!;
    const style = page.match(/<style>([\s\S]*?)<\/style>/)![1]!;
    expect(page).toContain(`script-src ${hash(script)}`);
    expect(page).toContain(`style-src ${hash(style)}`);
  });

  it('colours each matrix cell by its worst deviation, waived ones left out', () => {
    expect(cell('/pc/custom_demand/list', 'data-schema')).toBe('cell cell-error count=1 state=error');
    expect(cell('/pc/custom_demand/list', 'markup-echo')).toBe('cell cell-warning count=1 state=warning');
    expect(cell('/pc/custom_demand/list', 'json-content-type')).toBe('cell cell-passed has-waived count=0 state=passed');
    expect(cell('/openapi/alpha/orders/getAlphaOrders', 'sample-types')).toBe('cell cell-warning count=1 state=warning');
    expect(cell('/openapi/beta/products/getProductsByBrandId', 'operation-verified')).toBe('cell cell-info count=1 state=info');
    expect(cell('/openapi/beta/products/getProductsByBrandId', 'data-schema')).toBe('cell cell-skipped count=0 state=skipped');
    expect(cell('/openapi/beta/products/getProductsByBrandId', 'sample-types')).toBe('cell cell-na count=0 state=na');
  });

  it('has a column only for checks that apply to some operation', () => {
    const columns = [...page.matchAll(/<th class="check-head" scope="col" data-check="([^"]+)"/g)].map((m) => m[1]);
    expect(columns).toContain('page-size-bound');
    expect(columns).not.toContain('order-line-codes');
    expect(columns).not.toContain('flow-demand-lifecycle');
  });

  it('renders every deviation collapsed, with the attributes the filters read', () => {
    const deviations = [...page.matchAll(/<details class="deviation"[^>]*>/g)].map((m) => m[0]);
    expect(deviations).toHaveLength(sampleReport().deviations.length);
    expect(deviations.every((tag) => !/\sopen[\s>=]/.test(tag))).toBe(true);
    expect(deviations[0]).toContain('data-severity="error" data-group="custom-demand" data-check="data-schema" data-operation="/pc/custom_demand/list"');
    for (const id of ['deviations', 'filter-severity-error', 'filter-severity-warning', 'filter-severity-info', 'filter-group', 'filter-check']) {
      expect(page, id).toContain(`id="${id}"`);
    }
  });

  it('shows the gate: failures, baseline and waivers', () => {
    expect(page).toContain('<div class="verdict">FAIL</div>');
    expect(page).toContain('2 deviations at or above error, not waived');
    expect(page).toContain('<strong>1</strong> new, <strong>6</strong> still present, <strong>1</strong> fixed');
    expect(page).toContain('Waived until 2026-12-31: vendor ticket OTP-12, fixed in 2.4');
    expect(page).toContain('expired on 2026-10-01 (vendor fix scheduled)');
  });

  it('renders a clean run: PASS, no gate panels, nothing to list', () => {
    const clean = renderHtmlReport({
      ...sampleReport(),
      status: 'pass',
      verdict: 'pass',
      gate: { failOn: 'error', failOnNew: false, failures: [] },
      summary: { ...sampleReport().summary, errors: 0, warnings: 0, infos: 0 },
      flows: [],
      observations: [],
      deviations: [],
    });
    expect(clean).toContain('<div class="verdict">PASS</div>');
    expect(clean).toContain('<p class="empty" id="deviations-none">No deviations.</p>');
    expect(clean).toContain('<p class="empty">No observations.</p>');
    expect(clean).not.toContain('id="baseline"');
    expect(clean).not.toContain('id="waivers"');
    expect(clean).not.toContain('class="flows"');
    expect(clean).not.toMatch(/data-count="[1-9]/);
  });

  it("shows each operation's answer times and the run's slowest requests with their repro, escaped", () => {
    const section = page.slice(page.indexOf('<section id="latency">'), page.indexOf('</section>', page.indexOf('<section id="latency">')));
    expect(page).toContain('<a href="#latency">Answer times</a>');
    const rows = [...section.matchAll(/<tr data-group="[^"]*" data-operation="([^"]*)">([\s\S]*?)<\/tr>/g)];
    expect(rows.map((row) => row[1])).toEqual(sampleReport().operations.map((op) => op.operation));
    expect(rows[0]![2]).toContain('<td class="num">55</td><td class="num">48 ms</td>');
    expect(rows[0]![2]).toContain('<td class="num">42 ms</td><td class="num">97 ms</td><td class="num">1.60 s</td>');
    // Slowest first, across operations: the demand list (1.6 s), the order list (1.6 s), the products (1.5 s)…
    const slow = [...section.matchAll(/<summary>#(\d+) <strong>([^<]*)<\/strong> <code>([^<]*)<\/code> <code>([^<]*)<\/code> ([^<]*)<\/summary>/g)];
    expect(slow.map((entry) => entry[2])).toEqual(['1.60 s', '1.60 s', '1.50 s', '120 ms', '120 ms', '120 ms']);
    expect(slow[0]!.slice(3)).toEqual(['/pc/custom_demand/list', 'hostile:7', 'HTTP 200']);
    expect(section).toContain(`<pre class="repro">curl -sS -X POST &#39;http://127.0.0.1:8080//pc/custom_demand/list?q=${escapeHtml(hostileImage)}&#39;`);
    expect(section).not.toContain(hostileImage);
  });

  it('shows answer times under 10 ms to the tenth, as a server on the same machine gives them', () => {
    const near = sampleReport();
    const fast = { requests: 102, meanMs: 2.04, p50Ms: 1.6, p95Ms: 4.3, maxMs: 26.1 };
    const shown = renderHtmlReport({ ...near, operations: near.operations.map((op) => ({ ...op, latency: fast })) });
    expect(shown).toContain('<td class="num">102</td><td class="num">2.0 ms</td>');
    expect(shown).toContain('<td class="num">1.6 ms</td><td class="num">4.3 ms</td><td class="num">26 ms</td>');
  });

  it('says when a report has no answer times (one written by an older version)', () => {
    const older = renderHtmlReport({ ...sampleReport(), operations: sampleReport().operations.map(({ latency: _latency, ...op }) => op), slowestRequests: [] });
    expect(older).toContain('<p class="empty">No answer times in this report.</p>');
  });

  it('is the same page for the same report', () => {
    expect(renderHtmlReport(sampleReport())).toBe(page);
  });
});

describe('prettyBody', () => {
  it('indents JSON without changing a value', () => {
    expect(prettyBody('{"a":[1,{"b":"x:,{"}],"big":9007199254740993,"huge":1e400,"e":{},"l":[]}')).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": "x:,{"\n    }\n  ],\n  "big": 9007199254740993,\n  "huge": 1e400,\n  "e": {},\n  "l": []\n}',
    );
  });

  it('keeps escaped quotes inside strings', () => {
    expect(prettyBody('{"q":"say \\"hi\\", {ok}"}')).toBe('{\n  "q": "say \\"hi\\", {ok}"\n}');
  });

  it('leaves anything that is not JSON as it came', () => {
    expect(prettyBody('<html>500</html>')).toBe('<html>500</html>');
    expect(prettyBody('{"cut":')).toBe('{"cut":');
  });
});
