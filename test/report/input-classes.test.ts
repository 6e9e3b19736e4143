import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/report/html.js';
import type { Report } from '../../src/report/report.js';
import { hostileScript, sampleReport } from './fixture.js';

/** The sample report with a coverage pass on its first operation; a class name made hostile to prove escaping. */
function reportWithCoverage(): Report {
  const report = sampleReport();
  const [first, ...rest] = report.operations;
  return {
    ...report,
    summary: { ...report.summary, coverageRequests: 9 },
    operations: [
      {
        ...first!,
        coveragePass: {
          requests: 9,
          durationMs: 12,
          classes: [
            {
              class: 'decimal',
              family: 'number',
              judgedAs: ['conforming', 'hostile'],
              requests: 2,
              fields: ['nums', 'price'],
              statuses: { '200': 1, '500': 1 },
              codes: { '200': 1 },
              deviations: { 'http-status': 1 },
            },
            {
              class: hostileScript,
              family: 'string',
              judgedAs: ['hostile'],
              requests: 1,
              fields: ['soNote'],
              statuses: { timeout: 1 },
              codes: {},
              deviations: {},
            },
            {
              class: 'page-last',
              family: 'page',
              judgedAs: ['conforming'],
              requests: 6,
              fields: ['pageNo'],
              statuses: { '200': 6 },
              codes: { '200': 6 },
              deviations: {},
            },
          ],
          pageWalk: { pageSize: 40, pages: 5, records: 200, totalPage: 5, stoppedBy: 'last-page' },
        },
      },
      ...rest,
    ],
  };
}

describe('the HTML report: input classes', () => {
  const page = renderHtmlReport(reportWithCoverage());

  it('shows per operation each class sent, with its requests, fields, answers and deviations', () => {
    const section = page.slice(page.indexOf('<section id="input-classes">'));
    expect(section).toContain('3 classes, 9 requests, 12 ms; page walk: 5 pages of 40, 200 records validated, stopped at the last page');
    expect(section).toMatch(
      /<td>decimal<\/td><td>number<\/td><td>conforming, hostile<\/td><td class="num">2<\/td>\s*<td>nums, price<\/td><td>200 ×1, 500 ×1<\/td><td>200 ×1<\/td><td>http-status ×1<\/td>/,
    );
    expect(section).toContain('<td>timeout ×1</td>');
  });

  it('escapes what it shows', () => {
    expect(page).not.toContain(`<td>${hostileScript}</td>`);
    expect(page).toContain('<td>&lt;script&gt;window.__pwned = 1&lt;/script&gt;</td>');
  });

  it('says so when the pass did not run', () => {
    expect(renderHtmlReport(sampleReport())).toContain('The coverage pass did not run (--no-coverage).');
  });
});
