import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Report } from './report.js';
import type * as HtmlRenderer from './html.js';
import type * as JunitRenderer from './junit.js';
import type * as MarkdownRenderer from './markdown.js';

export interface WrittenReports {
  readonly json: string;
  readonly junit: string;
  readonly markdown: string;
  readonly html: string;
}

const FILE_NAMES: Readonly<Record<keyof WrittenReports, string>> = {
  json: 'report.json',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
};
const OWN_FILES = new Set(Object.values(FILE_NAMES));

/** Whether replacing the folder whole would pull the working directory out from under the user. */
function holdsWorkingDirectory(dir: string): boolean {
  const path = relative(resolve(dir), process.cwd());
  return path === '' || (!path.startsWith('..') && !path.startsWith('/'));
}

/**
 * Puts the staged folder where the report folder is, in two renames: a reader sees the old
 * report or the new one, never half of one. What else the old folder held (other runs' parts, a
 * baseline) is moved over first; only the kit's own four files of the old run are dropped.
 */
function swapInto(staging: string, reportDir: string): void {
  if (!existsSync(reportDir)) {
    renameSync(staging, reportDir);
    return;
  }
  const carried: string[] = [];
  const old = `${staging}.old`;
  try {
    for (const entry of readdirSync(reportDir)) {
      if (OWN_FILES.has(entry)) continue;
      renameSync(join(reportDir, entry), join(staging, entry));
      carried.push(entry);
    }
    renameSync(reportDir, old);
    try {
      renameSync(staging, reportDir);
    } catch (error) {
      renameSync(old, reportDir);
      throw error;
    }
  } catch (error) {
    // Whatever was moved goes back: a failed write must not lose what the folder held.
    for (const entry of carried) renameSync(join(staging, entry), join(reportDir, entry));
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

/** Each file written beside its place and renamed over it: whole files, when the folder cannot be swapped. */
function replaceFiles(staging: string, reportDir: string): void {
  mkdirSync(reportDir, { recursive: true });
  for (const name of OWN_FILES) renameSync(join(staging, name), join(reportDir, name));
  rmSync(staging, { recursive: true, force: true });
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
 * report.json, junit.xml, summary.md and report.html in the report folder, written atomically: all
 * four into a temporary folder beside it, then renamed into place. The Markdown summary is also
 * appended to the CI job summary (GitHub's $GITHUB_STEP_SUMMARY) when one is given.
 */
export async function writeReports(report: Report, reportDir: string, jobSummaryFile?: string): Promise<WrittenReports> {
  const [{ renderHtmlReport }, { renderJunit }, { renderMarkdown }] = await renderers();
  const parent = dirname(reportDir);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(join(parent, `.${basename(reportDir)}.writing-`));
  const markdown = renderMarkdown(report);
  try {
    writeFileSync(join(staging, FILE_NAMES.json), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(join(staging, FILE_NAMES.junit), renderJunit(report));
    writeFileSync(join(staging, FILE_NAMES.markdown), markdown);
    writeFileSync(join(staging, FILE_NAMES.html), renderHtmlReport(report));
    if (holdsWorkingDirectory(reportDir)) replaceFiles(staging, reportDir);
    else {
      try {
        swapInto(staging, reportDir);
      } catch {
        // A folder that cannot be renamed (a mount point, say): whole files, one by one.
        replaceFiles(staging, reportDir);
      }
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (jobSummaryFile) appendFileSync(jobSummaryFile, markdown);
  return {
    json: join(reportDir, FILE_NAMES.json),
    junit: join(reportDir, FILE_NAMES.junit),
    markdown: join(reportDir, FILE_NAMES.markdown),
    html: join(reportDir, FILE_NAMES.html),
  };
}
