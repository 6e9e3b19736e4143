/**
 * The quick pass next to Dredd (https://dredd.org), the tool a user would otherwise reach for: the
 * same operations, one valid call each, against the same reference server. Dredd is heavy and not a
 * dependency of the kit: the section installs it on first use into a cache folder git ignores.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findListedOperation } from '../src/catalogue/listed-operations.js';
import { fillTemplate, mappedOperation } from '../src/catalogue/operation-map.js';
import { type Operation, operations, wirePath } from '../src/catalogue/operations.js';
import { generateCalls } from '../src/engine/operation/calls.js';
import { openApiDocument } from '../src/openapi/document.js';
import { referenceOperationMapFile } from '../src/reference/map-file.js';
import { readOperationMap } from '../src/validation/operation-map-file.js';
import { loadSchemaDocuments } from '../src/validation/schemas.js';
import { median, type ProcessRun, root, runMeasured, runNpmStart } from './measure.js';

export const DREDD_VERSION = '14.1.0';
/** Alternating rounds of Dredd and the quick pass, after a warm-up of each. */
const ROUNDS = 5;
const TOKEN = 'bench-dredd-token';

/** Where Dredd is installed: OTP_BENCH_CACHE, else node_modules/.cache/otp-bench (git ignores node_modules). */
export const dreddFolder = join(process.env.OTP_BENCH_CACHE ?? join(root, 'node_modules', '.cache', 'otp-bench'), 'dredd');

/** Dredd's command line script, installed on first use with npm (some 230 packages, half a minute). */
function installedDredd(line: (text: string) => void): string {
  const manifest = join(dreddFolder, 'node_modules', 'dredd', 'package.json');
  const installedVersion = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
  if (installedVersion !== DREDD_VERSION) {
    line(`  installing dredd@${DREDD_VERSION} into ${dreddFolder} (first use only)`);
    mkdirSync(dreddFolder, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--prefix', dreddFolder, `dredd@${DREDD_VERSION}`, '--no-save', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        stdio: 'inherit',
      },
    );
    if (install.status !== 0) throw new Error(`npm install dredd@${DREDD_VERSION} failed (exit ${install.status}); is the npm registry reachable?`);
  }
  return join(dreddFolder, 'node_modules', 'dredd', 'bin', 'dredd');
}

interface Served {
  readonly url: string;
  readonly credentials: Readonly<Record<'OTP_USERNAME' | 'OTP_PASSWORD', string>>;
  stop(): void;
}

/** `otp-conformance serve` on 127.0.0.1 and a free port, in its own process: its URL and the token operation's credentials. */
function serve(): Promise<Served> {
  const proc = spawn(process.execPath, ['bin/otp-conformance.js', 'serve', '--port', '0', '--token', TOKEN], { cwd: root });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`otp-conformance serve exited (${code}) before it listened:\n${out}`)));
    proc.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      const username = /OTP_USERNAME=(\S+)/.exec(out)?.[1];
      const password = /OTP_PASSWORD=(\S+)/.exec(out)?.[1];
      if (url && username && password) {
        proc.removeAllListeners('exit');
        resolve({ url, credentials: { OTP_USERNAME: username, OTP_PASSWORD: password }, stop: () => proc.kill('SIGTERM') });
      }
    });
  });
}

/**
 * A schema of the kit's OpenAPI 3.1 description as Swagger 2 takes it: `#/components/schemas/X` as
 * `#/definitions/X`; without `$comment`, and without the properties whose schema is `false` (a field
 * that must be absent), which Swagger 2's schema object cannot say.
 */
function asSwaggerSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asSwaggerSchema);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => key !== '$comment' && inner !== false)
      .map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '#/definitions/') : asSwaggerSchema(inner),
      ]),
  );
}

/** The operations a quick pass against the reference server calls: those of 4, then those of 4.1 its operation map places. */
function quickPassOperations(credentials: Served['credentials']): Operation[] {
  const map = readOperationMap(referenceOperationMapFile);
  const mapped = Object.entries(map.operations).flatMap(([id, entry]) => {
    const listed = findListedOperation(id);
    return listed ? [mappedOperation(listed, entry, fillTemplate(entry.body, credentials, `the operation map's ${id}`))] : [];
  });
  return [...operations, ...mapped];
}

/**
 * The API as Dredd reads it: a Swagger 2.0 description (Dredd's OpenAPI 3 support is experimental
 * and stops short of 3.1), converted from the kit's own OpenAPI 3.1 description: the same paths and
 * schemas, each operation with its one example request, the first valid call of a run under `seed`.
 */
export function dreddDescription(served: Served, seed: number): Record<string, unknown> {
  const described = openApiDocument({ schemas: loadSchemaDocuments(), version: 'bench', operationMap: readOperationMap(referenceOperationMapFile) });
  const paths: Record<string, unknown> = {};
  for (const operation of quickPassOperations(served.credentials)) {
    const [call] = generateCalls(operation, 'conforming', seed, 1);
    const example: unknown = call?.body === undefined ? undefined : JSON.parse(call.body);
    const path = wirePath(operation);
    const method = operation.method.toLowerCase();
    const source = member(described, 'paths', path, method);
    if (source === undefined) throw new Error(`${operation.id} is not in the kit's OpenAPI description at ${method} ${path}`);
    const requestSchema = member(source, 'requestBody', 'content', 'application/json', 'schema');
    const ok = member(source, 'responses', '200');
    paths[path] = {
      [method]: {
        operationId: operation.id,
        consumes: ['application/json'],
        // The reference server names its charset; Dredd compares the media type as written.
        produces: ['application/json; charset=utf-8'],
        parameters:
          example === undefined
            ? []
            : [{ in: 'body', name: 'body', required: true, schema: { ...(requestSchema ? { allOf: [asSwaggerSchema(requestSchema)] } : {}), example } }],
        responses: { '200': { description: member(ok, 'description'), schema: asSwaggerSchema(member(ok, 'content', 'application/json', 'schema')) } },
      },
    };
  }
  return {
    swagger: '2.0',
    info: { title: 'Open Trading Platform API', version: 'bench' },
    host: new URL(served.url).host,
    basePath: '/',
    schemes: ['http'],
    paths,
    definitions: asSwaggerSchema(member(described, 'components', 'schemas')),
  };
}

/** The value at `keys` inside plain JSON data, or undefined where a key is missing. */
function member(value: unknown, ...keys: readonly string[]): unknown {
  let inner = value;
  for (const key of keys) {
    if (inner === null || typeof inner !== 'object' || !Object.hasOwn(inner, key)) return undefined;
    inner = (inner as Record<string, unknown>)[key];
  }
  return inner;
}

export interface DreddFigures {
  readonly version: string;
  readonly rounds: number;
  readonly transactions: number;
  readonly passing: number;
  readonly dreddWallMs: number;
  readonly quickPassWallMs: number;
  /** The quick pass's wall ÷ Dredd's. */
  readonly ratio: number;
  /**
   * What no run whose suites are vitest suites, started by `npm start`, can go under: npm and the
   * kit's command line with no run (`npm start -- --help`), and vitest alone, started as a run
   * starts it, on one suite file of one empty test (bench/vitest-floor.mjs). Each starts Node.
   */
  readonly floor: { readonly npmStartHelpWallMs: number; readonly vitestAloneWallMs: number };
}

/** Dredd's closing line: `complete: 47 passing, 0 failing, 0 errors, 0 skipped, 47 total`. */
function dreddTally(run: ProcessRun): { passing: number; total: number } {
  const tally = /complete: (\d+) passing.*?(\d+) total/.exec(run.stdout);
  if (!tally) throw new Error(`Dredd ended (exit ${run.code}) without its tally:\n${run.stdout.slice(-2000)}`);
  return { passing: Number(tally[1]), total: Number(tally[2]) };
}

/** Dredd and the quick pass alternating, `ROUNDS` each after a warm-up; the quick pass is `npm start -- --runs 1` as typed. */
export async function benchDredd(line: (text: string) => void): Promise<DreddFigures> {
  const dredd = installedDredd(line);
  const served = await serve();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'otp-bench-dredd-'));
    const description = join(dir, 'otp.swagger.json');
    writeFileSync(description, `${JSON.stringify(dreddDescription(served, 1), null, 2)}\n`);
    // Dredd runs in a folder of its own, where no dredd.yml of anyone's is read.
    const dreddRun = () =>
      runMeasured(
        process.execPath,
        [dredd, description, served.url, `--hookfiles=${join(root, 'bench', 'dredd-hooks.cjs')}`, '--language=nodejs', '--no-color'],
        { OTP_BENCH_TOKEN: TOKEN },
        dir,
      );
    const quickRun = (seed: number) =>
      runNpmStart(['--runs', '1', '--seed', String(seed), '--report-dir', mkdtempSync(join(tmpdir(), 'otp-bench-')), '--quiet']);
    const helpRun = async () => {
      const run = await runNpmStart(['--help']);
      if (run.code !== 0) throw new Error(`npm start -- --help exited ${run.code}`);
      return run;
    };
    const vitestRun = async () => {
      const run = await runMeasured(process.execPath, [join(root, 'bench', 'vitest-floor.mjs')], {});
      if (run.code !== 0) throw new Error(`bench/vitest-floor.mjs exited ${run.code}`);
      return run;
    };
    const warmUp = await dreddRun();
    const tally = dreddTally(warmUp);
    await quickRun(1);
    await helpRun();
    await vitestRun();
    const dreddWalls: number[] = [];
    const quickWalls: number[] = [];
    const helpWalls: number[] = [];
    const vitestWalls: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const run = await dreddRun();
      dreddTally(run);
      dreddWalls.push(run.wallMs);
      quickWalls.push((await quickRun(round + 1)).wallMs);
      helpWalls.push((await helpRun()).wallMs);
      vitestWalls.push((await vitestRun()).wallMs);
    }
    const dreddWallMs = Math.round(median(dreddWalls));
    const quickPassWallMs = Math.round(median(quickWalls));
    return {
      version: DREDD_VERSION,
      rounds: ROUNDS,
      transactions: tally.total,
      passing: tally.passing,
      dreddWallMs,
      quickPassWallMs,
      ratio: Number((quickPassWallMs / dreddWallMs).toFixed(2)),
      floor: { npmStartHelpWallMs: Math.round(median(helpWalls)), vitestAloneWallMs: Math.round(median(vitestWalls)) },
    };
  } finally {
    served.stop();
  }
}
