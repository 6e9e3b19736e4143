import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, describe, expect, it } from 'vitest';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import type { Report } from '../../src/report/report.js';
import { curlRequestOf } from '../support/curl-line.js';

const cli = [fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url))];
/**
 * The kit as a fresh user runs it: none of the caller's OTP_* variables, no CI job summary to append
 * to, and an empty working directory, so a .env left in the checkout cannot change a run.
 */
const env = userEnv;
const cwd = mkdtempSync(join(tmpdir(), 'otp-cwd-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const kit = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli(args, { cwd, env: { ...env, ...extraEnv } });

function reportIn(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
}

/** `otp-conformance serve` in a child process, stopped by the test. */
async function serve(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [...cli, 'serve', '--port', '0', ...args], { cwd, env: { ...env, ...extraEnv } });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^URL: +(\S+)/m.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { url, stop: () => child.kill() };
}

describe('otp-conformance run', () => {
  it('against the embedded server: every operation of sections 4 and 4.1 tested, no deviation, exit 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const { code, stdout } = await kit(['--runs', '5', '--seed', '7', '--report-dir', dir]);
    expect(code).toBe(0);
    expect(stdout).toContain('embedded reference server');
    const report = reportIn(dir);
    expect(report.summary).toMatchObject({ operations: 47, errors: 0, warnings: 0, infos: 0 });
    expect(report.coverage.filter((entry) => entry.status !== 'tested')).toEqual([]);
    // The flows of the reference map run too: their operations are selected like the documented ones.
    expect(report.flows.map((flow) => flow.flowId)).toContain('flow-invoice-profile-lifecycle');
    expect(report.seed).toBe(7);
    expect(JSON.stringify(report)).not.toMatch(/bearer[0-9a-f]{32}/);
  });

  it('writes report.json, junit.xml, summary.md and report.html; a second run against the first as baseline has 0 new', async () => {
    const first = mkdtempSync(join(tmpdir(), 'otp-'));
    expect((await kit(['--runs', '3', '--hostile-runs', '5', '--seed', '11', '--report-dir', first])).code).toBe(0);
    expect(readdirSync(first).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    const second = mkdtempSync(join(tmpdir(), 'otp-'));
    const again = await kit([
      '--runs',
      '3',
      '--hostile-runs',
      '5',
      '--seed',
      '11',
      '--report-dir',
      second,
      '--baseline',
      join(first, 'report.json'),
      '--fail-on-new',
    ]);
    expect(again.code).toBe(0);
    expect(reportIn(second).gate.baseline).toMatchObject({ new: 0 });
    expect(again.stdout).toMatch(/Baseline .*: 0 new/);
  });

  it('an expired waiver fails the run with a message naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const waivers = join(dir, 'waivers.json');
    writeFileSync(waivers, JSON.stringify({ waivers: [{ check: 'json-body', operation: 'login', reason: 'TICKET-9 proxy page', expires: '2025-12-31' }] }));
    const { code, stdout } = await kit(['--runs', '2', '--hostile-runs', '2', '--only', 'login', '--waivers', waivers, '--report-dir', dir]);
    expect(code).toBe(1);
    expect(stdout).toContain('waiver for json-body at login expired on 2025-12-31 (TICKET-9 proxy page)');
  });

  it("a waiver may name a flow of the run's operation map, as it names the kit's checks and flows", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const waivers = join(dir, 'waivers.json');
    writeFileSync(waivers, JSON.stringify({ waivers: [{ check: 'flow-consignment-lifecycle', reason: 'TICKET-12 soft delete', expires: '2099-12-31' }] }));
    const { code, stderr } = await kit(['--runs', '2', '--hostile-runs', '2', '--only', 'consignment', '--waivers', waivers, '--report-dir', dir]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('a waiver file with an unknown key is refused, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const waivers = join(dir, 'waivers.json');
    writeFileSync(waivers, JSON.stringify({ waivers: [{ check: 'json-body', reason: 'x', expires: '2027-01-01', until: 'x' }] }));
    const { code, stderr } = await kit(['--waivers', waivers]);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown key "until"');
  });

  it('--runs 1, the quick pass: one valid call per operation, a lookup the first record its list shows too, and its report says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const { code } = await kit(['--runs', '1', '--seed', '3', '--report-dir', dir]);
    expect(code).toBe(0);
    const report = reportIn(dir);
    // Six lookups of the map's lists (#8, #9 and four details of 4.1) read page 1 of their list and ask for its first record;
    // five deletes (#3, #6, #10 and two of 4.1) create the record they delete and read page 1 of its list for its id.
    expect(report.summary).toMatchObject({ operations: 47, requests: 47 + 6 * 2 + 5 * 2, errors: 0 });
    expect(report.options).toMatchObject({ runs: 1, hostileRuns: 0, authProbes: false, stateful: false, coveragePass: false });
  });

  it('--shard splits the run, merge joins the parts into one report', async () => {
    const parts = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'otp-')));
    for (const [index, dir] of parts.entries()) {
      const { code } = await kit(['--runs', '2', '--hostile-runs', '2', '--seed', '5', '--shard', `${index + 1}/2`, '--report-dir', dir]);
      expect(code).toBe(0);
      expect(reportIn(dir).coverage.some((entry) => entry.reason?.includes('--shard'))).toBe(true);
    }
    const merged = mkdtempSync(join(tmpdir(), 'otp-'));
    const { code } = await kit(['merge', '--report-dir', merged, ...parts.map((dir) => join(dir, 'report.json'))]);
    expect(code).toBe(0);
    const report = reportIn(merged);
    expect(report.summary.operations).toBe(47);
    expect(report.coverage.every((entry) => entry.status === 'tested')).toBe(true);
  });

  it('the token operation: obtained with credentials from the environment, never written to a report', async () => {
    const secretToken = 'tok-9f8e7d6c5b4a';
    const password = 'pw-Very-Secret-77';
    const server = await serve(['--token', secretToken], { OTP_USERNAME: '13912345678', OTP_PASSWORD: password });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'otp-'));
      const mapFile = new URL('../../src/reference/operation-map.json', import.meta.url).pathname;
      const { code, stdout } = await kit(
        ['--base-url', server.url, '--operation-map', mapFile, '--runs', '2', '--hostile-runs', '2', '--stateful', '--report-dir', dir],
        { OTP_USERNAME: '13912345678', OTP_PASSWORD: password },
      );
      expect(code).toBe(0);
      expect(reportIn(dir).coverage.every((entry) => entry.status === 'tested')).toBe(true);
      for (const file of readdirSync(dir)) {
        const text = readFileSync(join(dir, file), 'utf8');
        expect(text, file).not.toContain(secretToken);
        expect(text, file).not.toContain(password);
      }
      expect(stdout).not.toContain(secretToken);
      expect(stdout).not.toContain(password);
    } finally {
      server.stop();
    }
  });

  it('a server with only the documented operations and no map: 4.1 not tested, with the reason, exit 0', async () => {
    const server = await serve(['--token', 'sandbox-token']);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'otp-'));
      const { code, stdout } = await kit(['--base-url', server.url, '--token', 'sandbox-token', '--runs', '2', '--hostile-runs', '2', '--report-dir', dir]);
      expect(code).toBe(0);
      const report = reportIn(dir);
      const untested = report.coverage.filter((entry) => entry.status === 'skipped');
      expect(untested.length).toBe(31);
      expect(untested.every((entry) => entry.reason?.startsWith('not tested: path not documented'))).toBe(true);
      // The flows run against a user's server by default, and the start line says what that does.
      expect(report.flows.map((flow) => flow.flowId).sort()).toEqual([
        'flow-beta-order-lines',
        'flow-consignee-deleted',
        'flow-demand-lifecycle',
        'flow-lookups-apart',
        'flow-order-listed',
        // Without a map, the model has the sets of records section 4 documents: the custom demands, the alpha orders and the beta orders.
        'model-alpha-order',
        'model-beta-order',
        'model-custom-demand',
      ]);
      expect(stdout).toContain('creates and deletes records on the server (--read-only to avoid it)');
    } finally {
      server.stop();
    }
  });

  it('a map with a misspelt operation id is refused, exit 2, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const map = join(dir, 'map.json');
    writeFileSync(map, JSON.stringify({ operations: { 'alpha-product-by-cass': { path: '/openapi/alpha/products/byCas', body: {} } } }));
    const { code, stderr } = await kit(['--operation-map', map]);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown operation id "alpha-product-by-cass"');
  });

  it('list and explain describe the operations and checks', async () => {
    const list = await kit(['list']);
    expect(list.stdout).toContain('/pc/custom_demand/list');
    expect(list.stdout).toContain('page-size-bound');
    const explain = await kit(['explain', 'page-size-bound']);
    expect(explain.stdout).toContain('Severity: error');
    expect(explain.stdout).toContain('number of records to return');
    expect((await kit(['explain', 'nope'])).code).toBe(2);
    // A check of a standard names the clauses it enforces.
    expect((await kit(['explain', 'json-bom'])).stdout).toContain('Standards: RFC 8259 §8.1 (rfc8259-8.1-no-bom); RFC 3629 §6 (rfc3629-6-bom)');
    // The flows of the reference server's map, which npm start runs, are listed and explained too.
    expect(list.stdout).toContain('flow-consignment-lifecycle');
    expect((await kit(['explain', 'flow-consignment-lifecycle'])).stdout).toContain('Spec: 4 #5 #6, 4.1');
  });

  it('against otp-conformance serve: the same verdict', async () => {
    const server = await serve(['--token', 'sandbox-token']);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'otp-'));
      const { code } = await kit(['--base-url', server.url, '--token', 'sandbox-token', '--runs', '5', '--report-dir', dir]);
      expect(code).toBe(0);
      expect(reportIn(dir).summary).toMatchObject({ operations: 16, errors: 0 });
      expect(reportIn(dir).coverage.filter((entry) => entry.status === 'tested').length).toBe(16);
      expect(readFileSync(join(dir, 'report.json'), 'utf8')).not.toContain('sandbox-token');
    } finally {
      server.stop();
    }
  });

  it('a server breaking a documented rule: exit 1 with the deviation in report.json', async () => {
    const server = await serve(['--token', 'sandbox-token', '--inject', 'order-list-ctime-string']);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'otp-'));
      const { code } = await kit(['--base-url', server.url, '--token', 'sandbox-token', '--runs', '3', '--only', 'alpha-orders', '--report-dir', dir]);
      expect(code).toBe(1);
      const deviation = reportIn(dir).deviations.find((d) => d.check === 'data-schema');
      expect(deviation).toMatchObject({ severity: 'error', operation: '/openapi/alpha/orders/getAlphaOrders', instancePath: '/data/list/0/soCtime' });
      expect(deviation?.repro).toContain('${OTP_TOKEN}');
      expect(deviation?.repro).not.toContain('sandbox-token');
      expect(deviation?.request.headers.authorization).toBe('bearer[REDACTED]');
    } finally {
      server.stop();
    }
  });

  it('a deviation found by a hostile payload replays with the printed options and with the curl line', async () => {
    const server = await serve(['--token', 'sandbox-token', '--inject', 'crash-on-non-ascii']);
    try {
      const dir = mkdtempSync(join(tmpdir(), 'otp-'));
      const target = ['--base-url', server.url, '--token', 'sandbox-token'];
      // Without the coverage pass, which would find the fault first (its calls replay as `coverage:<n>`).
      const hostileOnly = ['--no-coverage', '--only', 'purchase-order-list'];
      const found = await kit([...target, ...hostileOnly, '--runs', '2', '--hostile-runs', '60', '--seed', '9', '--report-dir', dir]);
      expect(found.code).toBe(1);
      const deviation = reportIn(dir).deviations.find((d) => d.check === 'http-status' && d.intent === 'hostile');
      expect(deviation?.replay).toMatch(/^--seed 9 --replay purchase-order-list:hostile:[\d:]+$/);

      const replayed = await kit([...target, ...deviation!.replay!.split(' ')]);
      expect(replayed.code).toBe(1);
      expect(replayed.stdout).toContain('ERROR http-status');

      const byHand = curlRequestOf(deviation!.repro!, { ...env, OTP_TOKEN: 'sandbox-token' });
      const response = await fetch(byHand.url, { method: byHand.method, headers: byHand.headers, body: byHand.body ?? null });
      await response.arrayBuffer();
      expect(response.status).toBe(500);
    } finally {
      server.stop();
    }
  });

  it('--read-only skips the operations that change state, and says so in the report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const { code, stdout } = await kit(['--read-only', '--runs', '2', '--hostile-runs', '2', '--report-dir', dir]);
    expect(code).toBe(0);
    const report = reportIn(dir);
    const skipped = report.coverage.filter((entry) => entry.status === 'skipped');
    const mutating = [...operations, ...listedOperations].filter((op) => op.mutates).map((op) => op.id);
    expect(skipped.map((entry) => entry.id).sort()).toEqual(mutating.sort());
    expect(mutating).toContain('custom-demand-create');
    expect(skipped.every((entry) => entry.reason?.startsWith('read-only'))).toBe(true);
    expect(report.flows).toEqual([]);
    // The flows it leaves out are named, each with the reason, beside the operations.
    const flows = [
      'flow-bank-card-lifecycle',
      'flow-beta-order-lines',
      'flow-consignee-deleted',
      'flow-consignee-lifecycle',
      'flow-consignment-lifecycle',
      'flow-demand-lifecycle',
    ];
    const leftOut = [
      'flow-bank-card-lifecycle',
      'flow-batch-sign-in',
      ...flows.slice(1),
      'flow-invoice-profile-lifecycle',
      'flow-lookups-apart',
      'flow-order-listed',
      'flow-password-reset-wrong-old',
      'flow-purchase-order-listed',
      'flow-registration-again',
      'flow-sign-in-near-miss',
      'flow-weak-password-change',
      // The model of each set of records is left out as the flows are.
      'model-alpha-order',
      'model-bank-card',
      'model-beta-order',
      'model-consignee',
      'model-consignment',
      'model-custom-demand',
      'model-invoice-profile',
      'model-member-profile',
      'model-purchase-order',
    ];
    expect(report.skippedFlows?.map((flow) => flow.flowId).sort()).toEqual(leftOut);
    expect(report.skippedFlows?.every((flow) => flow.reason.startsWith('read-only'))).toBe(true);
    expect(stdout).toContain('Skipped:');
    expect(stdout).toContain('Flows not run: ');
    expect(stdout).toContain(`operations and ${leftOut.length} flows left out)`);
    expect(stdout).toMatch(/read-only: nothing that changes state is sent \(\d+ operations and \d+ flows left out\)/);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('flow `flow-purchase-order-listed` | not run: read-only');
  });

  it('a bad option: a sentence on how to fix it, exit 2', async () => {
    const { code, stderr } = await kit(['--base-url', 'not a url', '--token', 't']);
    expect(code).toBe(2);
    expect(stderr).toContain('--base-url');
    const runs = await kit(['--runs', 'many']);
    expect(runs.code).toBe(2);
    expect(runs.stderr).toContain('--runs');
    const unknown = await kit(['--frobnicate']);
    expect(unknown.code).toBe(2);
  });

  it('an unreachable target: exit 3, and a not-run report saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    const { code, stderr } = await kit(['--base-url', 'http://127.0.0.1:1', '--token', 't', '--report-dir', dir]);
    expect(code).toBe(3);
    expect(stderr).toContain('Could not connect');
    expect(reportIn(dir)).toMatchObject({ status: 'not-run', verdict: 'fail' });
    expect(reportIn(dir).reason).toContain('Could not connect');
  });
});
