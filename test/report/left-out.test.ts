import { describe, expect, it } from 'vitest';
import { runHeader, summaryText } from '../../src/report/console.js';
import { headline } from '../../src/report/headline.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { excludedChecksOf, type Report } from '../../src/report/report.js';
import { sampleReport } from './fixture.js';

const files = { json: 'r/report.json', junit: 'r/junit.xml', markdown: 'r/summary.md', html: 'r/report.html' };

/** A passing run that left two checks out. */
function greenWithout(ids: readonly string[]): Report {
  const report = sampleReport();
  const gate = { failOn: report.gate.failOn, failOnNew: false, failures: [] };
  return { ...report, status: 'pass', verdict: 'pass', gate, deviations: [], excludedChecks: excludedChecksOf(ids, '--exclude-checks') };
}

describe('a run says what it did not check', () => {
  it('a check and a flow left out are named as such, with the switch that left them out', () => {
    expect(excludedChecksOf(['page-total', 'flow-demand-lifecycle'], '--exclude-checks')).toEqual([
      { id: 'page-total', kind: 'check', reason: 'left out by --exclude-checks' },
      { id: 'flow-demand-lifecycle', kind: 'flow', reason: 'left out by --exclude-checks' },
    ]);
    expect(excludedChecksOf(['envelope'], '--checks')[0]!.reason).toBe('not named by --checks');
  });

  it('a pass that left checks out says so in its headline, and names them on the console, in summary.md and report.html', () => {
    const report = greenWithout(['page-total', 'flow-demand-lifecycle']);
    expect(headline(report)).toMatch(/^PASS — .*; 2 checks not run \(left out by --exclude-checks\)$/);
    const consoleText = summaryText(report, files);
    expect(consoleText).toContain('Checks not run: page-total, flow-demand-lifecycle (left out by --exclude-checks)');
    expect(summaryText(report, files, 'quiet')).toContain('2 checks not run');
    expect(runHeader(report)).toContain('Checks:  all but 2 (left out by --exclude-checks): page-total, flow-demand-lifecycle');
    expect(renderMarkdown(report)).toContain('- **Checks:** all but 2 (left out by --exclude-checks): page-total, flow-demand-lifecycle');
    const html = renderHtmlReport(report);
    expect(html).toContain('all but 2 (left out by --exclude-checks): page-total, flow-demand-lifecycle');
    expect(html).toContain('2 checks not run');
  });

  it('a run with every check says so, and its headline says nothing of checks left out', () => {
    const report = greenWithout([]);
    expect(headline(report)).not.toContain('not run');
    expect(renderMarkdown(report)).toContain('- **Checks:** every check and flow');
  });

  it('a run --max-failures stopped leads with it: the limit, and what it left unchecked', () => {
    const stopped: Report = {
      ...sampleReport(),
      reason: 'stopped after 1 failure (--max-failures 1): 3 operations and 1 flow not checked',
      stoppedEarly: { reason: 'max-failures', after: 1, notChecked: { operations: 3, flows: 1 } },
    };
    expect(headline(stopped)).toBe('FAIL — 2 errors; stopped after 1 failure (--max-failures 1): 3 operations and 1 flow not checked');
    expect(renderMarkdown(stopped)).toContain('stopped after 1 failure (--max-failures 1)');
    expect(renderHtmlReport(stopped)).toContain('stopped after 1 failure (--max-failures 1)');
  });
});
