import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtmlReport } from './html.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { Report } from './report.js';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
  readonly markdown: string;
  readonly html: string;
}

/**
 * report.json, junit.xml, summary.md and report.html in the report folder; the Markdown summary
 * is also appended to the CI job summary (GitHub's $GITHUB_STEP_SUMMARY) when one is given.
 */
export function writeReports(report: Report, reportDir: string, jobSummaryFile?: string): WrittenReports {
  mkdirSync(reportDir, { recursive: true });
  const files: WrittenReports = {
    json: join(reportDir, 'report.json'),
    junit: join(reportDir, 'junit.xml'),
    markdown: join(reportDir, 'summary.md'),
    html: join(reportDir, 'report.html'),
  };
  const markdown = renderMarkdown(report);
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files.junit, renderJunit(report));
  writeFileSync(files.markdown, markdown);
  writeFileSync(files.html, renderHtmlReport(report));
  if (jobSummaryFile) appendFileSync(jobSummaryFile, markdown);
  return files;
}
