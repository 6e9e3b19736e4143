import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { type CommandSpec, parseCommandLine } from '../config/command-line.js';
import { nearestName } from '../config/nearest-name.js';
import { runOptions } from '../config/options.js';
import { KitError, TargetUnreachableError } from '../errors.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { exitCodeOf, exitCodeTable } from '../report/status.js';
import { listenError } from './listen-error.js';
import { openApiOptions } from './openapi-usage.js';
import { checkOptions, proxyOptions } from '../config/traffic-options.js';

// Each command loads its own modules when it runs (`await import`): --version, list or serve
// never load vitest, the engine or the report renderers, and a run starts sooner.

const serveOptions = `  --port N                      port to listen on (default 8080; 0 picks a free one)
  --host HOST                   address to listen on (default 127.0.0.1)
  --token T                     token accepted as authorization: bearer<T> (default: OTP_TOKEN, else printed random)
  --inject FAULT                answer with a deliberate fault (see --inject list)
  --variant NAME                make other choices the spec leaves open (see --variant list)
  --latency MS                  answer every request MS ms late, or MIN-MAX: each answer a different delay in that range
  --slow-every N --slow-ms M    answer one request in N (the Nth, the 2Nth…) M ms late instead`;

const serveUsage = `Usage: ${TOOL_NAME} serve [options]   the reference server of the whole API, as a sandbox

${serveOptions}
  --help                        this text`;

const usage = `${TOOL_NAME} ${TOOL_VERSION} — conformance kit for the Open Trading Platform API

Usage:
  ${TOOL_NAME} [run] [options]      check a server (the embedded reference server when no --base-url)
  ${TOOL_NAME} serve [options]      run the reference server alone, as a sandbox
  ${TOOL_NAME} list                 the operations, checks and flows, with rule and severity
  ${TOOL_NAME} explain CHECK_ID     one check or flow in full
  ${TOOL_NAME} merge [--report-dir DIR] REPORT.json…   join the reports of a run split with --shard
  ${TOOL_NAME} replay REPORT.json [--deviation N] [options]   re-send the calls of the deviations that failed a run
                                    (or the Nth deviation) and say for each: still failing or fixed; exit 0 all
                                    fixed, 1 any still failing, 3 some not checked again. The target is the
                                    report's unless --base-url; the token comes from --token or OTP_TOKEN
  ${TOOL_NAME} openapi [--format yaml|json] [--out FILE] [--operation-map FILE]   the API as an OpenAPI 3.1 description
                                    (docs/openapi.md), on standard output unless --out
  ${TOOL_NAME} proxy --target URL [options]   a reverse proxy that judges the traffic of a real client passing through
                                    it, unchanged; Ctrl-C, --max-time or --max-requests end it and write the reports
  ${TOOL_NAME} check [options] FILE.har…   judge the exchanges of HAR files (a browser's, a proxy's, a run's --har)
  ${TOOL_NAME} --help | --version

Options of run (each also read from the environment or .env):
${runOptions
  .map((o) => `  --${o.name}${o.valueName ? ` ${o.valueName}` : ''}`.padEnd(30) + `${o.description} [${o.env}; default: ${o.defaultText}]`)
  .join('\n')}

Options of serve:
${serveOptions}

Options of openapi:
${openApiOptions}

Options of proxy:
${proxyOptions}

Options of check:
${checkOptions}

Exit codes (and report.json's status):
${exitCodeTable.map((row) => `  ${String(row.code).padEnd(5)}${row.meaning.replaceAll('`', '')} [${row.status.replaceAll('`', '')}]`).join('\n')}`;

const serveCommand: CommandSpec = {
  name: 'serve',
  help: `Run ${TOOL_NAME} serve --help for the options.`,
  valueNames: { port: 'N', host: 'HOST', token: 'T', inject: 'FAULT', variant: 'NAME', latency: 'MS', 'slow-every': 'N', 'slow-ms': 'M' },
};

async function serve(argv: string[]): Promise<void> {
  const { values } = parseCommandLine(serveCommand, {
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      inject: { type: 'string' },
      variant: { type: 'string' },
      latency: { type: 'string' },
      'slow-every': { type: 'string' },
      'slow-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(serveUsage);
    return;
  }
  const { findDemoFault, demoFaults } = await import('../reference/faults/demo.js');
  const { findVariant, variants } = await import('../reference/variants.js');
  const { describeLatency, serveLatency } = await import('./serve-latency.js');
  if (values.inject === 'list') {
    for (const fault of demoFaults) console.log(`${fault.name.padEnd(30)} ${fault.operationId.padEnd(24)} ${fault.description}`);
    return;
  }
  const fault = values.inject === undefined ? undefined : findDemoFault(values.inject);
  if (values.inject !== undefined && !fault) {
    throw new KitError('OTP_BAD_OPTION', `--inject ${values.inject} is not a known fault; run ${TOOL_NAME} serve --inject list to see them.`);
  }
  if (values.variant === 'list') {
    for (const variant of variants) console.log(`${variant.name.padEnd(30)} ${variant.description}`);
    return;
  }
  const variant = values.variant === undefined ? undefined : findVariant(values.variant);
  if (values.variant !== undefined && !variant) {
    throw new KitError('OTP_BAD_OPTION', `--variant ${values.variant} is not a known variant; run ${TOOL_NAME} serve --variant list to see them.`);
  }
  const port = Number(values.port ?? '8080');
  // Digits only: Number() would also read 0x50 as port 80, and 1e3 as 1000.
  if (!/^\d+$/.test(values.port ?? '8080') || port > 65535) {
    throw new KitError('OTP_BAD_OPTION', `--port ${JSON.stringify(values.port)} is not a port number; use 0–65535, e.g. --port 8080.`);
  }
  const latency = serveLatency(values);
  const givenToken = values.token ?? process.env.OTP_TOKEN;
  // A token no header can carry would be accepted by nothing: refused before the server starts.
  (await import('../config/transport.js')).checkSendableToken(givenToken);
  const token = givenToken ?? randomBytes(16).toString('hex');
  // The token operation (token-get) takes these; the map's templates read them as ${OTP_USERNAME}, ${OTP_PASSWORD}.
  const { OTP_USERNAME: mobile, OTP_PASSWORD: password } = process.env;
  const { startReferenceServer } = await import('../reference/server.js');
  const { referenceOperationMapFile } = await import('../reference/map-file.js');
  const server = await startReferenceServer({
    token,
    port,
    ...(mobile && password ? { credentials: { mobile, password } } : {}),
    ...(values.host ? { host: values.host } : {}),
    ...(fault ? { fault } : {}),
    ...(variant ? { variant } : {}),
    ...(latency ? { latency } : {}),
  }).catch((error: unknown) => {
    throw listenError(error, port, values.host || '127.0.0.1') ?? error;
  });
  // One value per labelled line, so each can be copied whole. A token the user chose is theirs already; only a generated one is printed.
  console.log(`Reference server of the Open Trading Platform API (${TOOL_NAME} ${TOOL_VERSION})`);
  console.log(`URL:    ${server.url}`);
  console.log(`Token:  ${givenToken === undefined ? token : '(the one you gave)'}`);
  console.log('Send it as the header authorization: bearer<Token> (no space), e.g. --base-url URL --token Token for a run.');
  if (fault) console.log(`Fault injected: ${fault.name} — ${fault.description} at ${fault.operationId}`);
  if (variant) console.log(`Variant: ${variant.name} — ${variant.description}`);
  if (latency) console.log(`Latency: ${describeLatency(latency)}`);
  if (!(mobile && password)) console.log(`Token operation credentials: OTP_USERNAME=${server.credentials.mobile} OTP_PASSWORD=${server.credentials.password}`);
  console.log(`Operations of 4.1 at the paths of ${referenceOperationMapFile} (pass it as --operation-map)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const mergeCommand: CommandSpec = {
  name: 'merge',
  help: `Usage: ${TOOL_NAME} merge [--report-dir DIR] part-1/report.json part-2/report.json …`,
  valueNames: { 'report-dir': 'DIR' },
};

/** `merge REPORT…`: the parts of a run split with --shard, as one set of reports. */
async function merge(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(mergeCommand, { args: argv, options: { 'report-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  const [{ checkReportDir }, { secretsOfEnvironment }, { Redactor }, { mergeReports }, { lockReportDir }, { writeReports }, { notRunLine, summaryText }] =
    await Promise.all([
      import('../config/report-dir.js'),
      import('../config/secrets.js'),
      import('../redaction/redactor.js'),
      import('../report/merge.js'),
      import('../report/lock.js'),
      import('../report/write.js'),
      import('../report/console.js'),
    ]);
  const reportDir = resolve(parsed.values['report-dir'] ?? 'reports');
  checkReportDir(reportDir);
  const report = new Redactor(secretsOfEnvironment(process.env)).deep(mergeReports(parsed.positionals));
  const lock = lockReportDir(reportDir);
  try {
    const files = await writeReports(report, reportDir, process.env.GITHUB_STEP_SUMMARY);
    if (files.jobSummaryProblem) console.error(`${TOOL_NAME}: ${files.jobSummaryProblem}`);
    const notRun = notRunLine(report);
    if (notRun !== undefined) console.error(`${TOOL_NAME}: ${notRun}`);
    console.log(summaryText(report, files));
  } finally {
    lock.release();
  }
  return exitCodeOf(report.status);
}

const commands = ['run', 'serve', 'list', 'explain', 'openapi', 'merge', 'replay', 'proxy', 'check'];

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version') {
    console.log(TOOL_VERSION);
    return 0;
  }
  if (first === 'serve') {
    await serve(rest);
    return 0;
  }
  if (first === 'list') {
    console.log((await import('./catalogue-commands.js')).listText());
    return 0;
  }
  if (first === 'explain') {
    console.log((await import('./catalogue-commands.js')).explainText(rest[0]));
    return 0;
  }
  if (first === 'openapi') {
    (await import('./openapi-command.js')).openApi(rest, process.cwd(), (text) => process.stdout.write(text));
    return 0;
  }
  if (first === 'merge') return merge(rest);
  if (first === 'replay') return (await import('./replay-report.js')).replayReport(rest, process.env, process.cwd(), (line) => console.log(line));
  if (first === 'proxy' || first === 'check') {
    const [{ processSignals }, { proxySession }, { checkHarFiles }] = await Promise.all([
      import('../run/run-stop.js'),
      import('./proxy.js'),
      import('./check-har.js'),
    ]);
    const io = { log: (line: string) => console.log(line), error: (line: string) => console.error(`${TOOL_NAME}: ${line}`), signals: processSignals };
    return first === 'proxy' ? proxySession(rest, io, process.env, process.cwd()) : checkHarFiles(rest, io, process.env, process.cwd());
  }
  const { parseRunArguments, resolveRunConfig } = await import('../config/resolve.js');
  const runArgv = first === 'run' ? rest : argv;
  const { values, positionals } = parseRunArguments(runArgv);
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length > 0) {
    const guess = nearestName(positionals[0], commands);
    throw new KitError(
      'OTP_BAD_OPTION',
      `Unknown command ${JSON.stringify(positionals[0])}; ${guess ? `did you mean ${guess}? Use` : 'use'} ${commands.slice(0, -1).join(', ')} or ${commands.at(-1)} (see --help).`,
    );
  }
  const config = resolveRunConfig(runArgv, process.env, process.cwd());
  const [{ runConformance }, { processSignals }] = await Promise.all([import('../run/run.js'), import('../run/run-stop.js')]);
  const outcome = await runConformance(config, {
    log: (line) => console.log(line),
    error: (line) => console.error(`${TOOL_NAME}: ${line}`),
    signals: processSignals,
    progress: { tty: process.stdout.isTTY === true, write: (text) => process.stdout.write(text) },
    ...(process.env.GITHUB_STEP_SUMMARY ? { jobSummaryFile: process.env.GITHUB_STEP_SUMMARY } : {}),
    now: new Date(),
  });
  // Tests cut short by a stop may still be waiting on the server: the report is written, so end here.
  if (outcome.leftRunning) process.exit(outcome.exitCode);
  return outcome.exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0 || process.argv[2] !== 'serve') process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof TargetUnreachableError) {
      console.error(`${TOOL_NAME}: ${error.message}`);
      process.exitCode = 3;
    } else if (error instanceof KitError) {
      console.error(`${TOOL_NAME}: ${error.message}`);
      process.exitCode = 2;
    } else {
      console.error(
        `${TOOL_NAME}: unexpected failure (${error instanceof Error ? error.message : String(error)}) — please report it with the command that caused it.`,
      );
      process.exitCode = 2;
    }
  },
);
