import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../src/engine/judging/deviation.js';
import type { GatedDeviation } from '../../src/gate/gate.js';
import { summaryText } from '../../src/report/console.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/report.js';
import { sampleReport } from './fixture.js';

const files = { json: 'r/report.json', junit: 'r/junit.xml', markdown: 'r/summary.md', html: 'r/report.html' };

/** The fixture's report with its first deviation seen 240,000 times, two more samples kept, consistent when re-sent. */
function reportWithSamples(): { report: Report; deviation: GatedDeviation } {
  const report = sampleReport();
  const [first, ...rest] = report.deviations;
  const deviation: GatedDeviation = {
    ...first!,
    occurrences: 240_000,
    recurrence: 'consistent',
    samples: [
      { ...sampleOf(first!), path: 'conforming:4', instancePath: '/data/list/0/total' },
      { ...sampleOf(first!), path: 'conforming:9', instancePath: '/data/list/0/total' },
    ],
  };
  return { report: { ...report, deviations: [deviation, ...rest] }, deviation };
}

describe('deviations kept as a count and a few samples', () => {
  it('the HTML report shows the other samples and "and N more" for the occurrences not kept', () => {
    const page = renderHtmlReport(reportWithSamples().report);
    expect(page).toContain('and 239997 more occurrences of this deviation');
    expect(page).toContain('conforming:9');
    expect(page).toContain('class="badge recurrence-consistent"');
  });

  it('summary.md gives the count, the label and "and N more"', () => {
    const markdown = renderMarkdown(reportWithSamples().report);
    expect(markdown).toMatch(/Occurrences: 240000 · consistent when re-sent once · shown: `conforming:3` .*`conforming:9` .* — and 239997 more/);
  });

  it('the console and junit.xml carry the label', () => {
    const { report } = reportWithSamples();
    const console = summaryText(report, files);
    expect(console).toContain('[still-present, consistent]');
    expect(console).toContain('Seen 240000 times (3 kept in the reports, and 239997 more)');
    expect(renderJunit(report)).toContain('(240000 occurrences, consistent when re-sent once)');
  });

  it('a deviation seen once shows no "more" and no label it does not have', () => {
    const report = sampleReport();
    const page = renderHtmlReport({ ...report, deviations: report.deviations.map((d) => ({ ...d, occurrences: 1 })) });
    expect(page).not.toContain('counted but not kept');
    expect(page).not.toContain('class="badge recurrence-');
  });
});
