import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const dist = (path: string) => pathToFileURL(new URL(`../../dist/src/${path}`, import.meta.url).pathname).href;

/**
 * A host script that calls run() three times — a pass, a fail and an unreachable server — and
 * prints, after each, the report's status, the host's exit code and the listeners on its process
 * events; then ends on its own, with the exit code it was left.
 */
const hostScript = `
import { run } from ${JSON.stringify(dist('index.js'))};
import { startReference } from ${JSON.stringify(dist('api/reference.js'))};
const events = ['SIGINT', 'SIGTERM', 'exit', 'unhandledRejection', 'uncaughtException', 'newListener'];
const listeners = () => events.map((event) => process.listenerCount(event)).join(',');
const before = listeners();
const small = { runs: 1, seed: 7, timeoutMs: 3000 };
const faulty = await startReference({ fault: 'demand-field-missing' });
const runs = [
  ['pass', {}],
  ['fail', { baseUrl: faulty.url, token: faulty.token, only: ['custom-demand-list'] }],
  ['unreachable', { baseUrl: 'http://127.0.0.1:1', token: 'some-token' }],
];
for (const [name, options] of runs) {
  const report = await run({ ...small, ...options, reportDir: process.argv[2] + '/' + name });
  console.log(JSON.stringify({ name, status: report.status, exitCode: process.exitCode ?? null, listeners: listeners(), before }));
}
await faulty.close();
`;

it('run() leaves its host alone: no exit code after a pass, a fail or an unreachable server, no listener left behind', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'otp-host-'));
  const script = join(dir, 'host.mjs');
  writeFileSync(script, hostScript);
  const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = execFile(process.execPath, [script, dir], { env: { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } }, (_error, out) =>
      resolve({ code: child.exitCode, stdout: out }),
    );
  });
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { name: string; status: string; exitCode: number | null; listeners: string; before: string });
  expect(lines.map((line) => [line.name, line.status])).toEqual([
    ['pass', 'pass'],
    ['fail', 'fail'],
    ['unreachable', 'not-run'],
  ]);
  for (const line of lines) {
    expect(line.exitCode, line.name).toBeNull();
    expect(line.listeners, line.name).toBe(line.before);
  }
  expect(code).toBe(0);
}, 60_000);
