import { operations } from '../catalogue/operations.js';
import { type ProxyConfig, resolveProxyConfig } from '../config/traffic.js';
import { secretsOfEnvironment } from '../config/secrets.js';
import { TargetUnreachableError } from '../errors.js';
import { Redactor } from '../redaction/redactor.js';
import { lockReportDir } from '../report/lock.js';
import type { ExitCode, RunEnding } from '../report/status.js';
import { startTrafficProxy, type TrafficProxy } from '../traffic/proxy-server.js';
import { type JudgedExchange, TrafficJudge } from '../traffic/traffic-judge.js';
import { sharedValidator } from '../validation/validator.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { listenError } from './listen-error.js';
import { probeTarget } from '../run/probe.js';
import { RunStop, type SignalSource, type StopCause } from '../run/run-stop.js';
import { trafficReport, writeTrafficReport } from './traffic-report.js';
import { proxyUsage } from '../config/traffic-options.js';

export interface TrafficIo {
  log(line: string): void;
  /** What went wrong, for the error stream: one line. */
  error(line: string): void;
  /** SIGINT and SIGTERM; without them nothing from outside stops the session. */
  readonly signals?: SignalSource;
}

/** After a stop, how long the exchanges under way may take to end before they are cut, unjudged. */
const STOP_GRACE_MS = 5000;

/**
 * Why a session of the proxy ended: a signal or its clock (--max-time), the requests it was to see
 * (--max-requests), or an exception of the kit while it judged, which ends it with the report of
 * what was judged before.
 */
type SessionEnd = StopCause | { readonly kind: 'max-requests' } | { readonly kind: 'crashed'; readonly error: string };

/** What the console says of how a session ended, before the report. */
function endLine(end: SessionEnd): string {
  if (end.kind === 'interrupted') return `${end.signal}: stopping the proxy and writing the report…`;
  const why = {
    'out-of-time': '--max-time',
    'max-failures': '--max-failures',
    'max-requests': '--max-requests',
    'out-of-memory': 'the heap ran short',
    crashed: 'the kit failed',
  }[end.kind];
  return `The session is over (${why}): stopping the proxy and writing the report…`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One judged exchange in a line, with the session's figures so far. */
export function exchangeLine(judged: JudgedExchange, progress: TrafficJudge['progress']): string {
  const found = Object.entries(judged.findings).map(([check, count]) => (count > 1 ? `${check} ×${count}` : check));
  const verdict = !judged.operation
    ? 'not a path of the spec: not judged'
    : `${judged.operation.id}${judged.intent === 'conforming' ? '' : ` (${judged.intent})`} · ${found.length > 0 ? found.join(', ') : 'no finding'}`;
  return `#${judged.number} ${judged.method} ${judged.path} → ${judged.outcome} · ${verdict}  [${plural(progress.exchanges, 'exchange')}, ${progress.failing} failing check×operation]`;
}

/** How the session ended, as the report's status reads it: a stop by signal is an interruption; --max-time and --max-requests are its planned end. */
function endingOf(end: SessionEnd, cut: number): RunEnding {
  if (end.kind === 'interrupted' || end.kind === 'crashed') return end;
  if (cut > 0)
    return { kind: 'out-of-time', reason: `${plural(cut, 'exchange')} still under way ${STOP_GRACE_MS / 1000} s after the proxy stopped: cut, not judged` };
  return { kind: 'finished' };
}

/**
 * `proxy --target URL`: a reverse proxy on this machine that passes every exchange through
 * unchanged and judges a copy of it by every check that applies, until a signal, --max-time or
 * --max-requests; then the usual reports. Returns the exit code of the report's status.
 */
export async function proxySession(argv: readonly string[], io: TrafficIo, env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<ExitCode> {
  const config = resolveProxyConfig(argv, cwd);
  if (config === 'help') {
    io.log(proxyUsage);
    return 0;
  }
  const lock = lockReportDir(config.reportDir);
  const redactor = new Redactor(secretsOfEnvironment(env));
  const log = (line: string) => io.log(redactor.text(line));
  const startedAt = new Date();
  const judge = new TrafficJudge({
    operations: [...operations, ...config.mapped],
    validator: sharedValidator(),
    redactor,
    ...(config.tokenPointer === undefined ? {} : { tokenPointer: config.tokenPointer }),
  });
  let listen = `http://${config.host}:${config.port}`;
  const report = (ending: RunEnding) =>
    trafficReport({
      judge,
      origin: { kind: 'proxy', target: config.target, listen },
      baseUrl: config.target,
      mapped: config.mapped,
      startedAt,
      ending,
      nothingSeen: `no exchange reached the proxy at ${listen}: point the client at it instead of at ${config.target}`,
      allowUnverified: config.allowUnverified,
      redactor,
    });
  const write = async (ending: RunEnding) => {
    const built = report(ending);
    const { text, notRun } = await writeTrafficReport(built.report, config.reportDir, config.quiet ? 'quiet' : 'normal');
    return { ...built, text, notRun };
  };
  try {
    try {
      await probeTarget(config.target, Math.min(config.timeoutMs, 5000));
    } catch (error) {
      if (!(error instanceof TargetUnreachableError)) throw error;
      const reason = error.message.replaceAll('--base-url', '--target');
      const { exitCode, text, notRun } = await write({ kind: 'not-run', reason });
      if (notRun !== undefined) io.error(notRun);
      log(text);
      return exitCode;
    }
    const { proxy, ended } = await serve(config, judge, log, { ...io, error: (line) => io.error(redactor.text(line)) });
    listen = proxy.url;
    log(`Proxy of ${TOOL_NAME} ${TOOL_VERSION}: ${proxy.url} → ${config.target}`);
    log(`Point the client at ${proxy.url} in place of ${config.target}: every exchange passes unchanged and is judged on the way.`);
    log(
      `Stops on Ctrl-C${config.maxTime ? `, after ${config.maxTime.text}` : ''}${config.maxRequests ? `, after ${plural(config.maxRequests, 'request')}` : ''}; the reports go to ${config.reportDir}.`,
    );
    let writing = Promise.resolve();
    const interim = config.reportEvery
      ? setInterval(() => {
          writing = writing
            .then(() =>
              write({ kind: 'out-of-time', reason: `the proxy is still running: this report holds the ${judge.progress.exchanges} exchanges seen so far` }),
            )
            .then(
              () => undefined,
              (error: unknown) => io.error(redactor.text(`the reports could not be rewritten: ${(error as Error).message}`)),
            );
        }, config.reportEvery.ms)
      : undefined;
    const end = await ended.promise;
    clearInterval(interim);
    if (end.kind === 'crashed') io.error(redactor.text(`the kit failed while it judged an exchange: ${end.error}`));
    log(`\n${endLine(end)}`);
    const cut = await proxy.stop(STOP_GRACE_MS);
    ended.dispose();
    await writing;
    const { exitCode, text, notRun } = await write(endingOf(end, cut));
    if (notRun !== undefined) io.error(notRun);
    log(text);
    return exitCode;
  } finally {
    lock.release();
  }
}

/** The proxy listening, and the end of its session: the first of a signal, --max-time and --max-requests. */
async function serve(
  config: ProxyConfig,
  judge: TrafficJudge,
  log: (line: string) => void,
  io: TrafficIo,
): Promise<{ proxy: TrafficProxy; ended: { promise: Promise<SessionEnd>; dispose(): void } }> {
  let finish!: (end: SessionEnd) => void;
  const promise = new Promise<SessionEnd>((resolve) => (finish = resolve));
  let requests = 0;
  const proxy = await startTrafficProxy({
    target: config.target,
    host: config.host,
    port: config.port,
    maxBodyBytes: config.maxBodyBytes,
    timeoutMs: config.timeoutMs,
    onRequest: () => {
      if (config.maxRequests !== undefined && ++requests >= config.maxRequests) finish({ kind: 'max-requests' });
    },
    onExchange: (exchange) => {
      try {
        const judged = judge.add(exchange);
        if (!config.quiet) log(exchangeLine(judged, judge.progress));
      } catch (error) {
        finish({ kind: 'crashed', error: error instanceof Error ? error.message : String(error) });
      }
    },
    onUnsent: (method, path, reason) => io.error(`${method} ${path} could not be sent on (${reason}): its connection was closed, and it is not judged`),
  }).catch((error: unknown) => {
    throw listenError(error, config.port, config.host) ?? error;
  });
  const stop = new RunStop(config.maxTime?.ms, io.signals);
  stop.whenStopped(finish);
  return { proxy, ended: { promise, dispose: () => stop.dispose() } };
}
