import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KitError } from '../errors.js';
import type { Report } from './report.js';
import type * as HtmlRenderer from './html.js';
import type * as JunitRenderer from './junit.js';
import type * as MarkdownRenderer from './markdown.js';

/** The four reports a run writes. */
type ReportFile = 'json' | 'junit' | 'markdown' | 'html';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
  readonly markdown: string;
  readonly html: string;
  /** Why the CI job summary could not be appended to, when it could not. */
  readonly jobSummaryProblem?: string;
}

const FILE_NAMES: Readonly<Record<ReportFile, string>> = {
  json: 'report.json',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
};
/** The order the files are put in place: report.json last, so that whoever finds the new one finds the others new too. */
const PLACING_ORDER: readonly ReportFile[] = ['junit', 'markdown', 'html', 'json'];

/**
 * Each file written beside its place, in the report folder itself, then renamed over it. A rename
 * within one folder replaces the file at once and never crosses devices, so a reader sees the old
 * file or the new one, never half of one, whether the folder is a mount point or its parent is
 * read-only; the folder itself is left as it is (its inode, mode, owner and other files).
 */
function putInPlace(reportDir: string, contents: Readonly<Record<ReportFile, string>>): void {
  // Unique per write: two writes into one folder (without the lock, from the library) never share a file.
  const suffix = `.${process.pid}-${randomBytes(4).toString('hex')}.writing`;
  const pending = PLACING_ORDER.map((key) => ({ final: join(reportDir, FILE_NAMES[key]), temporary: join(reportDir, `.${FILE_NAMES[key]}${suffix}`), key }));
  let placed = 0;
  try {
    // 'wx': a file planted under the temporary name (a symlink, say) is refused, never written through.
    for (const file of pending) writeFileSync(file.temporary, contents[file.key], { flag: 'wx' });
    for (const file of pending) {
      renameSync(file.temporary, file.final);
      placed++;
    }
  } finally {
    for (const file of pending.slice(placed)) rmSync(file.temporary, { force: true });
  }
}

let loading: Promise<[typeof HtmlRenderer, typeof JunitRenderer, typeof MarkdownRenderer]> | undefined;

/** The renderers, loaded once: not with the CLI, which may never write a report (--version, list). */
const renderers = () => (loading ??= Promise.all([import('./html.js'), import('./junit.js'), import('./markdown.js')]));

/**
 * Starts loading the renderers, so that they are ready when the reports are written: a run calls
 * it while the suites run, when its own thread mostly waits for theirs.
 */
export function preloadRenderers(): void {
  renderers().catch(() => undefined);
}

/**
 * report.json, junit.xml, summary.md and report.html in the report folder, each replaced whole
 * (`putInPlace`); the folder is created if it does not exist yet. A folder that cannot be written
 * (removed or made read-only during the run) is a KitError with the fix. The Markdown summary is
 * also appended to the CI job summary (GitHub's $GITHUB_STEP_SUMMARY) when one is given; a job
 * summary that cannot be written is said, and leaves the reports as they are.
 */
export async function writeReports(report: Report, reportDir: string, jobSummaryFile?: string): Promise<WrittenReports> {
  const [{ renderHtmlReport }, { renderJunit }, { renderMarkdown }] = await renderers();
  const markdown = renderMarkdown(report);
  const contents = { json: `${JSON.stringify(report, null, 2)}\n`, junit: renderJunit(report), markdown, html: renderHtmlReport(report) };
  try {
    mkdirSync(reportDir, { recursive: true });
    putInPlace(reportDir, contents);
  } catch (error) {
    throw new KitError(
      'OTP_BAD_REPORT_DIR',
      `the reports could not be written to ${reportDir} (${(error as Error).message}); the run was ${report.status}: give a --report-dir you can write to and run again.`,
    );
  }
  const jobSummaryProblem = jobSummaryFile === undefined ? undefined : appendJobSummary(jobSummaryFile, markdown);
  return {
    json: join(reportDir, FILE_NAMES.json),
    junit: join(reportDir, FILE_NAMES.junit),
    markdown: join(reportDir, FILE_NAMES.markdown),
    html: join(reportDir, FILE_NAMES.html),
    ...(jobSummaryProblem === undefined ? {} : { jobSummaryProblem }),
  };
}

/** Appends the summary to the CI job summary; what went wrong, if anything, in a sentence with the fix. */
function appendJobSummary(file: string, markdown: string): string | undefined {
  try {
    appendFileSync(file, markdown);
    return undefined;
  } catch (error) {
    return `the job summary ${file} ($GITHUB_STEP_SUMMARY) could not be appended to (${(error as Error).message}); the reports are written: point GITHUB_STEP_SUMMARY at a file you can write, or unset it.`;
  }
}
