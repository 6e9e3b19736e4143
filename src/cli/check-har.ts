import { operations } from '../catalogue/operations.js';
import { resolveCheckConfig } from '../config/traffic.js';
import { secretsOfEnvironment } from '../config/secrets.js';
import { Redactor } from '../redaction/redactor.js';
import { lockReportDir } from '../report/lock.js';
import type { ExitCode, RunEnding } from '../report/status.js';
import { mergedInTime, readHar } from '../traffic/har-file.js';
import { originOf } from '../traffic/observed.js';
import { TrafficJudge } from '../traffic/traffic-judge.js';
import { sharedValidator } from '../validation/validator.js';
import { exchangeLine, type TrafficIo } from './proxy.js';
import { trafficReport, writeTrafficReport } from './traffic-report.js';
import { checkUsage } from '../config/traffic-options.js';

/** What the judge reads of each recorded body, at most, as a run's default --max-body. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Servers the report's target names, at most: a browser's HAR holds many, the API's among them. */
const ORIGINS_NAMED = 3;

/**
 * `check FILE.har…`: the exchanges of HAR files, merged in the order they began, judged as the proxy
 * judges live traffic, then the usual reports. Every file is read before anything is written: one
 * that is not HAR is a kit error (OTP_BAD_HAR), and no report.
 */
export async function checkHarFiles(argv: readonly string[], io: TrafficIo, env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<ExitCode> {
  const config = resolveCheckConfig(argv, cwd);
  if (config === 'help') {
    io.log(checkUsage);
    return 0;
  }
  const files = config.files.map((file) => ({ ...file, read: readHar(file.path, file.given, MAX_BODY_BYTES) }));
  const lock = lockReportDir(config.reportDir);
  try {
    const startedAt = new Date();
    const redactor = new Redactor(secretsOfEnvironment(env));
    const log = (line: string) => io.log(redactor.text(line));
    const judge = new TrafficJudge({
      operations: [...operations, ...config.mapped],
      validator: sharedValidator(),
      redactor,
      ...(config.tokenPointer === undefined ? {} : { tokenPointer: config.tokenPointer }),
    });
    const exchanges = mergedInTime(files.map((file) => file.read));
    for (const file of files) log(`${file.given}: ${file.read.exchanges.length} entries, written by ${file.read.creator}`);
    let ending: RunEnding = { kind: 'finished' };
    try {
      for (const exchange of exchanges) {
        const judged = judge.add(exchange);
        if (!config.quiet) log(exchangeLine(judged, judge.progress));
      }
    } catch (error) {
      // The report of what was judged before, as a run's that failed.
      ending = { kind: 'crashed', error: error instanceof Error ? error.message : String(error) };
      io.error(redactor.text(`the kit failed while it judged an exchange: ${ending.error}`));
    }
    const origins = [...new Set(exchanges.map((exchange) => originOf(exchange.request.url)))];
    const { report, exitCode } = trafficReport({
      judge,
      origin: { kind: 'har', files: files.map((file) => ({ path: file.given, creator: file.read.creator, entries: file.read.exchanges.length })) },
      baseUrl: `${origins.slice(0, ORIGINS_NAMED).join(', ')}${origins.length > ORIGINS_NAMED ? `, and ${origins.length - ORIGINS_NAMED} more` : ''}`,
      mapped: config.mapped,
      startedAt,
      ending,
      nothingSeen: `${files.map((file) => file.given).join(', ')} hold no entries: record the session with the API's calls in it (a browser's network panel: "Save all as HAR with content")`,
      allowUnverified: config.allowUnverified,
      redactor,
    });
    const { text, notRun } = await writeTrafficReport(report, config.reportDir, config.quiet ? 'quiet' : 'normal');
    if (notRun !== undefined) io.error(notRun);
    log(text);
    return exitCode;
  } finally {
    lock.release();
  }
}
