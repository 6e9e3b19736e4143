import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/console.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/report.js';
import { sampleReport } from './fixture.js';

const files = { json: 'r/report.json', junit: 'r/junit.xml', markdown: 'r/summary.md', html: 'r/report.html' };

/** The sample report with its first deviation resting on two pages of a walk. */
function reportWithSteps(): Report {
  const report = sampleReport();
  const [first, ...rest] = report.deviations;
  const request = (pageNo: number) => ({ ...first!.request, body: JSON.stringify({ pageSize: 1, pageNo }) });
  const steps = [
    { path: 'page:1:1', request: request(1), answer: 'HTTP 200 · code "200" · 1 record (id:7) · pageNo 1, totalPage 2' },
    { path: 'page:1:2', request: request(2), answer: 'HTTP 200 · code "200" · 1 record (id:7) · pageNo 2, totalPage 2' },
  ];
  const repro = "curl -X POST 'http://x//pc/a' --data-raw '{\"pageNo\":1}'\ncurl -X POST 'http://x//pc/a' --data-raw '{\"pageNo\":2}'";
  return { ...report, deviations: [{ ...first!, steps, repro }, ...rest] };
}

describe('a deviation over several calls, in every report', () => {
  it('console, summary.md and report.html show each call in order and the repro of them all', () => {
    const report = reportWithSteps();
    const console = summaryText(report, files, 'verbose');
    expect(console).toContain('The 2 calls it rests on:\n    page:1:1  HTTP 200');
    expect(console).toContain('  Repro:\n    curl -X POST');
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('The calls it rests on:');
    expect(markdown).toMatch(/1\. `page:1:1` .*id:7/);
    const html = renderHtmlReport(report);
    expect(html).toContain('The calls it rests on');
    expect(html).toContain('Repro: the 2 calls in order');
  });
});
