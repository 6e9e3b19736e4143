import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';

const env = userEnv;
const cwd = mkdtempSync(join(tmpdir(), 'otp-dry-run-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const kit = (args: string[]) => runCli(args, { cwd, env });

/** A TCP server on 127.0.0.1 that counts the connections made to it and answers none of them. */
async function connectionCounter(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: one the system gave a server that has closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('--dry-run', () => {
  it('prints the plan and makes no connection to the server: no request, no report, exit 0', async () => {
    const counter = await connectionCounter();
    const reportDir = join(cwd, 'never-written');
    const { code, stdout } = await kit([
      '--dry-run',
      '--base-url',
      counter.url,
      '--token',
      'dry-run-token-3f9e',
      '--seed',
      '77',
      '--only',
      'custom-demand,purchase-orders',
      '--exclude-checks',
      'page-total',
      '--max-failures',
      '2',
      '--report-dir',
      reportDir,
    ]);
    await counter.close();
    expect(code).toBe(0);
    expect(counter.connections()).toBe(0);
    expect(existsSync(reportDir)).toBe(false);
    expect(stdout).toMatch(/^Dry run: nothing is sent/);
    expect(stdout).toContain(`Target:     ${counter.url}`);
    expect(stdout).toContain('Seed:       77');
    expect(stdout).toMatch(
      /custom-demand \(Custom demand orders\): 1 read, then 2 state changes one after another, then 1 flow, then the model of 1 set of records/,
    );
    expect(stdout).toContain(
      '    model model-custom-demand: The records of custom-demand-create behave as a model of create, list, delete predicts; ≤ 135 requests',
    );
    expect(stdout).toMatch(
      /^Model: +1 record set, ≤ 135 requests in all: one generated sequence of ≤ 28 each, a write the server must refuse \(where the set has one\) with ≤ 5 more, its commands raced \(sent at once\) with ≤ 30 more in each of the 1 set with a delete/m,
    );
    expect(stdout).toMatch(/#1 +POST \/\/pc\/custom_demand\/list +coverage \d+ · walk ≤ \d+ · conforming 8 · hostile 8 · probes ≤ 15/);
    expect(stdout).toMatch(
      /^Requests: +coverage \d+ · walk ≤ \d+ · conforming ≤ 41 · hostile 32 · probes ≤ 60 · http-probes ≤ 104 · listed 0 · relations ≤ \d+: at most \d+ in all, besides the flows' calls, the calls under Then,/m,
    );
    // No operation map: no token operation to renew.
    expect(stdout).toContain(
      'Then:       before the operations, for the auth probes: a sign-in, #12 //pc/auth/login (the cookies it sets); judged by no check',
    );
    expect(stdout).toContain('Flows:      flow-demand-lifecycle');
    expect(stdout).toContain(`Checks:     ${allChecks.length - 1} checks run: response-received,`);
    expect(stdout).toContain('Left out:   1 left out by --exclude-checks: page-total');
    expect(stdout).toContain('Limits:     stops after 2 failures, counted as causes that fail the run (--max-failures 2)');
  });

  it('a closed port: the dry run still succeeds, where the run would find nothing to connect to (exit 3)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const target = ['--base-url', url, '--token', 'dry-run-token-3f9e', '--runs', '1', '--only', 'custom-demand-list'];
    const dry = await kit([...target, '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toContain('#1   POST //pc/custom_demand/list');
    const real = await kit([...target, '--report-dir', join(cwd, 'closed-port')]);
    expect(real.code).toBe(3);
  });

  it('without --base-url starts no embedded server: the plan says the run would', async () => {
    const { code, stdout } = await kit(['--dry-run', '--read-only', '--shard', '2/3', '--seed', '5', '--checks', 'data-schema,envelope']);
    expect(code).toBe(0);
    expect(stdout).toContain('Target:     the embedded reference server, started on a free loopback port (not started by this dry run)');
    expect(stdout).toMatch(/^Part: +2\/3 of a sharded run: /m);
    // The reference server's map names its token operation: the auth probes send a renewed token too.
    expect(stdout).toMatch(
      /^Then: +before the operations, for the auth probes: a sign-in, #12 \/\/pc\/auth\/login \(the cookies it sets\), and the token operation \/\/auth\/get_token twice/m,
    );
    expect(stdout).toMatch(/^Skipped: +.*custom-demand-create.*\(read-only: the operation changes state\)/m);
    expect(stdout).toContain('Flows:      none');
    expect(stdout).toContain('Checks:     4 checks run: response-received, envelope, data-schema, operation-verified');
    expect(stdout).toMatch(/^Left out: +\d+ not named by --checks: http-status,/m);
  });

  it('an option error is still refused, as the run would refuse it: exit 2, no plan', async () => {
    const { code, stdout, stderr } = await kit(['--dry-run', '--exclude-checks', 'page-totl']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('did you mean page-total?');
  });
});
