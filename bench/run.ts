/**
 * `npm run bench`: what the kit costs next to the server it checks. Prints a table and writes
 * reports/bench.json. Figures are medians of runs taken in one go on this machine; compare ratios.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { Pool } from 'undici';
import type * as Catalogue from '../src/catalogue/operations.js';
import { operations } from '../src/catalogue/operations.js';
import type * as Checks from '../src/checks/index.js';
import type * as Calls from '../src/engine/operation/calls.js';
import { generateCalls } from '../src/engine/operation/calls.js';
import type * as RunPlan from '../src/engine/schedule/run-plan.js';
import { hostileRequest } from '../src/generators/hostile.js';
import { validPayload } from '../src/generators/payloads.js';
import { selfCheckSettings } from '../test/mutation-set/run-against.js';
import { handle } from '../src/reference/handlers.js';
import { seedState } from '../src/reference/seed.js';
import { startReferenceServer } from '../src/reference/server.js';
import { createValidator, recordSchemaId } from '../src/validation/validator.js';
import { HANDLER_CONTEXT } from '../test/support/handler-context.js';
import { fixtureServer, wrongPageBody } from '../test/support/wrong-pages.js';
import { benchDredd } from './dredd.js';
import { benchLatency } from './latency.js';
import { benchProxy } from './proxy.js';
import { median, type ProcessRun, root, runCli, runNpmStart } from './measure.js';
import { installPacked } from './packed.js';
import { type BenchFigures, withPerformanceTable } from './table.js';

/** Records of the long list the walk is measured on. */
const LONG_LIST_RECORDS = 60_000;

/**
 * A server (127.0.0.1) whose every answer is the page asked for of one list of `records` bank cards
 * (2.8): pageSize and pageNo honoured, totalPage what they make.
 */
async function pagedListServer(records: number): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      let asked: { pageSize?: unknown; pageNo?: unknown } = {};
      try {
        const parsed: unknown = JSON.parse(text);
        // Hostile bodies (null, an array, a string) ask for no page in particular: the first.
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) asked = parsed as typeof asked;
      } catch {
        // Not JSON: the first page.
      }
      const size = Number.isSafeInteger(asked.pageSize) && (asked.pageSize as number) > 0 ? Math.min(asked.pageSize as number, 10_000) : 10;
      const pageNo = Number.isSafeInteger(asked.pageNo) && (asked.pageNo as number) > 0 ? (asked.pageNo as number) : 1;
      const first = (pageNo - 1) * size;
      const list = Array.from({ length: Math.max(0, Math.min(size, records - first)) }, (_, i) => ({
        id: first + i + 1,
        accountName: 'Ada',
        bankName: 'Bank',
        bankAccount: '6222',
        createdAt: null,
      }));
      const body = JSON.stringify({ data: { totalPage: Math.ceil(records / size), pageNo, list }, status: 'ok', code: '200', message: '', error: {} });
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Rounds of each side in the engine figure: the machine is shared, and one slow second moves a median of few. */
const ENGINE_ROUNDS = 9;
/** BENCH_ONLY=start,dredd,phases,scale,coverage,engine,validation,generation,hostile,wrong-pages,long-list,latency,proxy,size runs some sections only. */
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (section: string) => !only || only.includes(section);
const results: Record<string, unknown> = { machine: { node: process.version, cpus: (await import('node:os')).cpus().length } };
const line = (text: string) => console.log(text);
const tmp = () => mkdtempSync(join(tmpdir(), 'otp-bench-'));
const requestsIn = (dir: string) => (JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { summary: { requests: number } }).summary.requests;

/** A child process serving something, stopped at the end; resolves to its URL. */
function child(command: string[], env: NodeJS.ProcessEnv = {}): Promise<{ url: string; stop(): void }> {
  const proc = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve({ url: match[1]!, stop: () => proc.kill('SIGTERM') });
    });
  });
}

// 1. The full run, as a whole process: `npm start`'s work.
async function fullRun(runs: number, repeats: number) {
  await runCli(['--runs', String(runs), '--report-dir', tmp(), '--quiet']);
  const samples = [];
  for (let i = 0; i < repeats; i++) {
    const dir = tmp();
    const run = await runCli(['--runs', String(runs), '--seed', String(i + 1), '--report-dir', dir, '--quiet']);
    samples.push({ ...run, requests: requestsIn(dir) });
  }
  const wall = median(samples.map((s) => s.wallMs));
  const requests = median(samples.map((s) => s.requests));
  return {
    runs,
    wallMs: Math.round(wall),
    requests,
    requestsPerSecond: Math.round(requests / (wall / 1000)),
    peakRssMb: Math.round(Math.max(...samples.map((s) => s.peakRssMb))),
    exitCodes: samples.map((s) => s.code),
  };
}

type Timings = Record<'startUpMs' | 'targetMs' | 'suitesStartMs' | 'checksMs' | 'suitesEndMs', number>;

/** `npm start -- ARGS` as a user types it, median of `repeats` after a warm-up: wall, peak RSS, and where the time went. */
async function npmStart(args: readonly string[], repeats: number) {
  await runNpmStart([...args, '--report-dir', tmp(), '--quiet']);
  const samples: Array<ProcessRun & { requests: number; timings: Timings }> = [];
  for (let i = 0; i < repeats; i++) {
    const dir = tmp();
    const run = await runNpmStart([...args, '--seed', String(i + 1), '--report-dir', dir, '--quiet']);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { summary: { requests: number }; timings: Timings };
    samples.push({ ...run, requests: report.summary.requests, timings: report.timings });
  }
  const wall = median(samples.map((sample) => sample.wallMs));
  const phases = Object.fromEntries(
    (Object.keys(samples[0]!.timings) as (keyof Timings)[]).map((phase) => [phase, Math.round(median(samples.map((sample) => sample.timings[phase])))]),
  ) as Timings;
  const within = Object.values(phases).reduce((total, ms) => total + ms, 0);
  return {
    wallMs: Math.round(wall),
    requests: median(samples.map((sample) => sample.requests)),
    requestsPerSecond: Math.round(median(samples.map((sample) => sample.requests)) / (wall / 1000)),
    peakRssMb: Math.round(Math.max(...samples.map((sample) => sample.peakRssMb))),
    exitCodes: samples.map((sample) => sample.code),
    // Outside the kit's own clock: npm and its pre-step before, the reports and the exit after.
    phasesMs: { ...phases, npmReportsAndExitMs: Math.round(wall - within) },
  };
}

if (wanted('start')) {
  line(
    'npm start, as a user types it: every operation of 4 and 4.1, the default valid and hostile payloads, the coverage pass, auth probes, flows (median of 3 after a warm-up)',
  );
  const start = await npmStart([], 3);
  results.npmStart = start;
  line(
    `  wall ${start.wallMs} ms · ${start.requests} requests · ${start.requestsPerSecond} req/s · peak RSS ${start.peakRssMb} MB (largest process) · exit ${start.exitCodes.join(',')}`,
  );
  line(
    `  phases (ms): ${Object.entries(start.phasesMs)
      .map(([phase, ms]) => `${phase.replace(/Ms$/, '')} ${ms}`)
      .join(' · ')}`,
  );
  line('quick pass: npm start -- --runs 1 (one valid call per operation after first contact; median of 3 after a warm-up)');
  const quick = await npmStart(['--runs', '1'], 3);
  results.quickPass = quick;
  line(`  wall ${quick.wallMs} ms · ${quick.requests} requests · peak RSS ${quick.peakRssMb} MB · exit ${quick.exitCodes.join(',')}`);
  line(
    `  phases (ms): ${Object.entries(quick.phasesMs)
      .map(([phase, ms]) => `${phase.replace(/Ms$/, '')} ${ms}`)
      .join(' · ')}`,
  );
}

// The quick pass next to Dredd: the same operations, one valid call each, the same reference server.
if (wanted('dredd')) {
  line('Dredd and the quick pass: one valid call per operation against the reference server (median of 5 alternating runs after a warm-up)');
  const dredd = await benchDredd(line);
  results.dredd = dredd;
  line(
    `  dredd ${dredd.version}: wall ${dredd.dreddWallMs} ms, ${dredd.passing} of ${dredd.transactions} transactions passing · quick pass: wall ${dredd.quickPassWallMs} ms · quick pass ÷ Dredd = ${dredd.ratio}`,
  );
  line(`  the floor: npm start -- --help ${dredd.floor.npmStartHelpWallMs} ms · vitest alone, one empty test ${dredd.floor.vitestAloneWallMs} ms`);
}

// In-process, the pieces of the start-up the phases above lump together (median of 5).
if (wanted('phases')) {
  const timed = async (work: () => unknown) => {
    const samples = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await work();
      samples.push(performance.now() - started);
    }
    return Math.round(median(samples));
  };
  const pieces = {
    schemaCompilationMs: await timed(() => createValidator()),
    payloadGenerationMs: await timed(() => {
      for (const op of operations) for (const intent of ['conforming', 'hostile'] as const) generateCalls(op, intent, 1, 25);
    }),
    referenceServerStartMs: await timed(async () => (await startReferenceServer({ token: 'bench' })).close()),
  };
  results.startUpPieces = pieces;
  line('start-up pieces, in-process (median of 5)');
  line(
    `  schemas compiled ${pieces.schemaCompilationMs} ms · payloads of the 16 documented operations generated ${pieces.payloadGenerationMs} ms · reference server started ${pieces.referenceServerStartMs} ms`,
  );
}

if (wanted('scale')) {
  line('scale: wall time by --runs (median of 3)');
  const scale = [];
  for (const runs of [25, 100, 400]) {
    const point = await fullRun(runs, 3);
    scale.push(point);
    line(
      `  --runs ${String(runs).padEnd(4)} wall ${point.wallMs} ms · ${point.requests} requests · ${point.requestsPerSecond} req/s · peak RSS ${point.peakRssMb} MB`,
    );
  }
  results.scale = scale;
}

// The coverage pass: its requests and time, and the whole run with and without it (alternating, median of 3).
if (wanted('coverage')) {
  line('coverage pass: the default run (bin, no npm) with and without it (median of 3, alternating)');
  const passOf = (dir: string) => {
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      summary: { coverageRequests?: number };
      operations: { coveragePass?: { durationMs: number } }[];
    };
    const durations = report.operations.map((op) => op.coveragePass?.durationMs ?? 0);
    return { requests: report.summary.coverageRequests ?? 0, longestOperationMs: Math.max(...durations) };
  };
  const on: { wallMs: number; requests: number; longestOperationMs: number }[] = [];
  const off: number[] = [];
  for (let i = 0; i < 3; i++) {
    off.push((await runCli(['--no-coverage', '--seed', String(i + 1), '--report-dir', tmp(), '--quiet'])).wallMs);
    const dir = tmp();
    const run = await runCli(['--seed', String(i + 1), '--report-dir', dir, '--quiet']);
    on.push({ wallMs: run.wallMs, ...passOf(dir) });
  }
  const coverage = {
    requests: median(on.map((run) => run.requests)),
    wallMs: Math.round(median(on.map((run) => run.wallMs))),
    wallMsWithout: Math.round(median(off)),
    longestOperationMs: Math.round(median(on.map((run) => run.longestOperationMs))),
  };
  results.coveragePass = coverage;
  line(
    `  ${coverage.requests} requests · run ${coverage.wallMs} ms with it, ${coverage.wallMsWithout} ms without · longest operation's pass ${coverage.longestOperationMs} ms`,
  );
}

// 2. Engine overhead: the kit's send-check-record loop against a bare undici loop, same requests,
// same concurrency, same server (in its own process), alternating. The kit is the compiled code
// the CLI runs (dist/), not the sources as this script's loader transforms them.
if (wanted('engine')) {
  const compiled = (module: string) => import(pathToFileURL(join(root, 'dist', 'src', module)).href);
  const { startRun } = (await compiled('engine/schedule/run-plan.js')) as typeof RunPlan;
  const catalogue = (await compiled('catalogue/operations.js')) as typeof Catalogue;
  const generation = (await compiled('engine/operation/calls.js')) as typeof Calls;
  const token = 'bench-token';
  const server = await child(['bin/otp-conformance.js', 'serve', '--port', '0', '--token', token]);
  const concurrency = 8;
  const runs = 200;
  const settings = selfCheckSettings(server.url, {
    token,
    runs,
    hostileRuns: 0,
    authProbes: false,
    // The HTTP probes send some 450 requests of their own, on connections of their own: not the calls the bare loop sends.
    httpProbes: false,
    coveragePass: false,
    stateful: false,
    concurrency,
    timeoutMs: 10_000,
    maxBodyBytes: 5 * 1024 * 1024,
  });
  const calls = catalogue.operations.flatMap((op) => generation.generateCalls(op, 'conforming', settings.seed, runs).map((call) => ({ op, body: call.body })));
  const total = calls.length;

  // The run function every run goes through: its schedule, one pool, each answer judged by every check.
  // Its rate counts what it sent: the valid calls, and the few lookups of listed records beside them.
  let kitRequests = 0;
  const kitRoundOf = (runSettings: typeof settings) => async () => {
    const started = performance.now();
    const run = startRun(runSettings, { operations: catalogue.operations, flows: [] });
    await run.finished;
    kitRequests = run.progress().done;
    return kitRequests / ((performance.now() - started) / 1000);
  };
  const kitRound = kitRoundOf(settings);
  // The same run with every check left out: what the loop costs apart from judging.
  const { allChecks } = (await compiled('checks/index.js')) as typeof Checks;
  const unjudgedRound = kitRoundOf({ ...settings, excludedChecks: allChecks.map((check) => check.id) });
  // The same calls through one undici pool, each answer only parsed.
  const bareRound = async () => {
    const origin = new URL(server.url).origin;
    const pool = new Pool(origin, { connections: concurrency });
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < calls.length) {
          const { op, body } = calls[next++]!;
          const answer = await pool.request({
            method: 'POST',
            path: catalogue.wirePath(op),
            body,
            headers: { 'content-type': 'application/json', authorization: `bearer${token}` },
          });
          JSON.parse(await answer.body.text());
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await pool.close();
    return total / seconds;
  };
  await kitRound();
  await unjudgedRound();
  await bareRound();
  const kit: number[] = [];
  const unjudged: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < ENGINE_ROUNDS; i++) {
    kit.push(await kitRound());
    unjudged.push(await unjudgedRound());
    bare.push(await bareRound());
  }
  server.stop();
  const engine = {
    requestsPerRound: total,
    kitRequestsPerRound: kitRequests,
    concurrency,
    kitRequestsPerSecond: Math.round(median(kit)),
    bareRequestsPerSecond: Math.round(median(bare)),
    ratio: Number((median(kit) / median(bare)).toFixed(2)),
    unjudgedRatio: Number((median(unjudged) / median(bare)).toFixed(2)),
  };
  results.engineOverhead = engine;
  line(
    `engine overhead (${total} valid calls of the 16 documented operations, ${kitRequests} requests in all on the kit's side, concurrency ${concurrency}, median of ${ENGINE_ROUNDS} alternating rounds)`,
  );
  line(`  kit ${engine.kitRequestsPerSecond} req/s · bare undici ${engine.bareRequestsPerSecond} req/s · kit ÷ bare = ${engine.ratio}`);
  line(`  with every check left out: kit ÷ bare = ${engine.unjudgedRatio}`);
}

// 3. Validation: records per second for each record schema, with the compiled validators.
if (wanted('validation')) {
  const validator = createValidator();
  const state = seedState();
  const dataOf = (id: string, payload: unknown) => (handle(id, payload, state, HANDLER_CONTEXT) as { data: Record<string, unknown> }).data;
  const tenLines = {
    ...fc.sample(validPayload('alpha-order-create'), { seed: 1, numRuns: 1 })[0]!,
    items: Array.from({ length: 10 }, (_, i) => ({ pCode: `A10000${i}`, num: '2', siCusNote: '', siSendNote: '' })),
  };
  const created = dataOf('alpha-order-create', tenLines);
  const records: Record<string, unknown> = {
    'order (29 fields)': (dataOf('alpha-orders-list', { pageSize: 1, pageNo: 1 }).list as unknown[])[0],
    'created order (10 lines)': created,
    'order line': (created.items as unknown[])[0],
    'beta product': (dataOf('beta-products-by-brand', { brandId: 1, pageSize: 1, pageNo: 1 }).list as unknown[])[0],
    'custom demand': (dataOf('custom-demand-list', { pageSize: 1 }).list as unknown[])[0],
    'purchase order': (dataOf('purchase-order-list', { pageSize: 1 }).list as unknown[])[0],
    'bank card': (dataOf('bank-card-list', { pageSize: 1 }).list as unknown[])[0],
    consignee: dataOf('consignee-by-id', { id: 1 }),
  };
  const schemaOf: Record<string, Parameters<typeof recordSchemaId>[0]> = {
    'order (29 fields)': 'order',
    'created order (10 lines)': 'created-order',
    'order line': 'order-line',
    'beta product': 'beta-product',
    'custom demand': 'custom-demand',
    'purchase order': 'purchase-order',
    'bank card': 'bank-card',
    consignee: 'consignee',
  };
  const validation: Record<string, number> = {};
  line('validation (records per second, compiled Ajv validators, 20,000 distinct copies each)');
  for (const [name, record] of Object.entries(records)) {
    // Distinct copies: the validator remembers results per object, and a bench must not measure that.
    const copies = Array.from({ length: 20_000 }, () => structuredClone(record));
    const started = performance.now();
    for (const copy of copies) if (validator.validate(recordSchemaId(schemaOf[name]!), copy).length > 0) throw new Error(`${name} is not valid`);
    validation[name] = Math.round(copies.length / ((performance.now() - started) / 1000));
    line(`  ${name.padEnd(26)} ${validation[name]!.toLocaleString('en')} records/s`);
  }
  results.validation = validation;
}

// 4. Generation: payloads per second per operation, valid and hostile.
if (wanted('generation')) {
  const generation: Record<string, { valid: number; hostile: number }> = {};
  line('generation (payloads per second, 2,000 each)');
  const rate = (arbitrary: fc.Arbitrary<unknown>) => {
    const started = performance.now();
    fc.sample(arbitrary, { seed: 1, numRuns: 2000 });
    return Math.round(2000 / ((performance.now() - started) / 1000));
  };
  for (const op of operations) {
    generation[op.id] = { valid: rate(validPayload(op.id)), hostile: rate(hostileRequest(op.id)) };
    line(
      `  ${op.id.padEnd(26)} valid ${generation[op.id]!.valid.toLocaleString('en').padStart(8)}/s · hostile ${generation[op.id]!.hostile.toLocaleString('en').padStart(8)}/s`,
    );
  }
  results.generation = generation;
}

// 5. Hostile servers: the caps hold.
if (wanted('hostile')) {
  line('hostile servers (whole process, --timeout 2000, 16 documented operations)');
  const hostile: Record<string, unknown> = {};
  for (const mode of ['endless', 'silent']) {
    const server = await child(['bench/hostile-server.mjs', mode]);
    const run = await runCli(['--base-url', server.url, '--token', 'x', '--timeout', '2000', '--report-dir', tmp(), '--quiet']);
    server.stop();
    hostile[mode] = { wallMs: Math.round(run.wallMs), peakRssMb: Math.round(run.peakRssMb), exitCode: run.code };
    line(
      `  ${mode === 'endless' ? 'endless body  ' : 'never answers '} wall ${Math.round(run.wallMs)} ms · peak RSS ${Math.round(run.peakRssMb)} MB · exit ${run.code}`,
    );
  }
  results.hostileServers = hostile;
}

// 6. Huge wrong answers: every call answered with a page of 60,000 wrong records just under the
// 5 MiB body cap. Findings are counted by cause, so memory and the report stay bounded.
if (wanted('wrong-pages')) {
  line('wrong pages (whole process, default options, 16 documented operations, every answer 60,000 wrong records in 5 MiB)');
  const page = wrongPageBody(60_000);
  const server = await fixtureServer(() => ({ body: page }));
  const dir = tmp();
  const run = await runCli(['--base-url', server.url, '--token', 'x', '--report-dir', dir, '--quiet']);
  await server.close();
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { summary: { requests: number }; deviations: unknown[] };
  const wrongPages = {
    records: 60_000,
    pageBytes: page.length,
    wallMs: Math.round(run.wallMs),
    peakRssMb: Math.round(run.peakRssMb),
    exitCode: run.code,
    requests: report.summary.requests,
    deviations: report.deviations.length,
    reportJsonBytes: statSync(join(dir, 'report.json')).size,
    reportHtmlBytes: statSync(join(dir, 'report.html')).size,
  };
  results.wrongPages = wrongPages;
  line(
    `  wall ${wrongPages.wallMs} ms · ${wrongPages.requests} requests · peak RSS ${wrongPages.peakRssMb} MB · report.json ${(wrongPages.reportJsonBytes / 1e6).toFixed(1)} MB · ${wrongPages.deviations} deviations · exit ${run.code}`,
  );
}

// 6b. A long list: a bank card list of 60,000 records, paged as asked. The walk reads it at four page
// sizes and stays bounded by --walk-pages and --walk-records, however long the list.
if (wanted('long-list')) {
  line('a long list (whole process, default options, #7 only, a list of 60,000 bank cards paged as asked)');
  const server = await pagedListServer(LONG_LIST_RECORDS);
  const dir = tmp();
  const run = await runCli(['--base-url', server.url, '--token', 'bench-token', '--only', 'bank-card-list', '--report-dir', dir, '--quiet']);
  await server.close();
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
    operations: ReadonlyArray<{ requests: number; coveragePass?: { requests: number; pageWalk?: { pages: number; records: number } } }>;
  };
  const [operation] = report.operations;
  const longList = {
    records: LONG_LIST_RECORDS,
    wallMs: Math.round(run.wallMs),
    peakRssMb: Math.round(run.peakRssMb),
    exitCode: run.code,
    requests: operation?.requests ?? 0,
    coverageAndWalkRequests: operation?.coveragePass?.requests ?? 0,
    walkPages: operation?.coveragePass?.pageWalk?.pages ?? 0,
  };
  results.longList = longList;
  line(
    `  wall ${longList.wallMs} ms · ${longList.requests} requests, of which ${longList.coverageAndWalkRequests} the coverage pass and the walk (${longList.walkPages} pages at its own size) · peak RSS ${longList.peakRssMb} MB · exit ${run.code}`,
  );
}

// 7. The installed size: the package as `npm pack` makes it, installed into an empty project.
if (wanted('size')) {
  const install = installPacked();
  try {
    results.installedBytes = install.installedBytes;
    line(`installed size: ${(install.installedBytes / 1e6).toFixed(1)} MB`);
  } finally {
    install.remove();
  }
}

// 8. A distant, uneven server: answers 50 ms late, or 0–60 ms with every 50th 1.5 s, against the pool bound.
if (wanted('latency')) results.latency = await benchLatency(line);

// 9. The proxy in front of the reference server: the time it adds to an exchange, and the exchanges a second it judges.
if (wanted('proxy')) results.proxy = await benchProxy(line);

mkdirSync(join(root, 'reports'), { recursive: true });
if (only) {
  line('sections only: reports/bench.json, docs/bench.json and docs/performance.md left as they were');
} else {
  // reports/bench.json is this run's; docs/bench.json the figures docs/performance.md quotes, kept with the code.
  const figures = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(join(root, 'reports', 'bench.json'), figures);
  writeFileSync(join(root, 'docs', 'bench.json'), figures);
  const page = join(root, 'docs/performance.md');
  writeFileSync(page, withPerformanceTable(readFileSync(page, 'utf8'), results as BenchFigures));
  line('written: reports/bench.json, docs/bench.json and the performance table of docs/performance.md');
}
