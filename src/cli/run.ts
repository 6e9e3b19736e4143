import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { operations } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { RunSettings } from '../engine/settings.js';
import { KitError } from '../errors.js';
import { startReferenceServer } from '../reference/server.js';
import { ResultCollector } from '../report/collector.js';
import { groupLine, summaryText } from '../report/console.js';
import { buildReport, type Report, writeReport } from '../report/report.js';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOutcome {
  readonly report: Report;
  readonly reportFile: string;
  readonly exitCode: 0 | 1;
}

export interface RunIo {
  log(line: string): void;
}

/** Runs the suites of the selected groups against the target and writes report.json. */
export async function runConformance(config: RunConfig, io: RunIo): Promise<RunOutcome> {
  const startedAt = new Date();
  const embedded = config.baseUrl === undefined;
  const server = embedded ? await startReferenceServer({ token: randomBytes(16).toString('hex') }) : undefined;
  try {
    const settings: RunSettings = {
      ...config,
      baseUrl: server?.url ?? config.baseUrl!,
      token: server?.token ?? config.token!,
    };
    if (server) io.log(`No --base-url given: started the embedded reference server at ${server.url} (random token).`);
    const { probeTarget } = await import('./probe.js');
    await probeTarget(settings.baseUrl, Math.min(settings.timeoutMs, 5000));
    io.log(`Checking ${settings.baseUrl} — ${settings.operations.length} operations, ${settings.runs} runs each, seed ${settings.seed}`);

    const groups = [...new Set(operations.filter((op) => settings.operations.includes(op.id)).map((op) => op.group))];
    const collector = new ResultCollector((results) => {
      if (results.length > 0) io.log(groupLine(results));
    });
    const vitest = await startVitest('test', groups.map((group) => `suites/${group}.suite.ts`), {
      config: false,
      root: packageRoot,
      include: ['suites/**/*.suite.ts'],
      watch: false,
      reporters: [collector],
      provide: { otpRun: settings },
      pool: 'threads',
      isolate: false,
    });
    await vitest.close();
    if (collector.kitFailures.length > 0) {
      throw new KitError('OTP_SUITE_FAILED', `The suites failed to run:\n${collector.kitFailures.join('\n')}`);
    }
    const report = buildReport({
      target: { baseUrl: settings.baseUrl, embedded, authScheme: settings.authScheme },
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      seed: settings.seed,
      runs: settings.runs,
      failOn: settings.failOn,
      results: collector.results,
    });
    const reportFile = writeReport(report, config.reportDir);
    io.log(summaryText(report, reportFile));
    return { report, reportFile, exitCode: report.verdict === 'pass' ? 0 : 1 };
  } finally {
    await server?.close();
  }
}
