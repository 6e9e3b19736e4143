import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../src/reference/server.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'bin/otp-conformance.js');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const run = promisify(execFile);
const cwd = mkdtempSync(join(tmpdir(), 'otp-readme-'));
let reference: ReferenceServer;
beforeAll(async () => {
  reference = await startReferenceServer({ token: 'readme-token-0123456789' });
});
afterAll(async () => {
  await reference.close();
  rmSync(cwd, { recursive: true, force: true });
});

/** Every `npx otp-conformance …` the README shows, in a shell block or inline, with the variables it sets before it. */
function shownCommands(): { line: string; env: Record<string, string>; args: string[] }[] {
  const lines = [...readme.matchAll(/^\s*((?:[A-Z_]+=\S+ )*)npx otp-conformance( [^\n`#]*)?$/gm), ...readme.matchAll(/`()npx otp-conformance((?: [^`]*)?)`/g)];
  return lines.map(([line, assignments, rest]) => ({
    line: line.trim(),
    env: Object.fromEntries(
      (assignments ?? '')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => pair.split('=') as [string, string]),
    ),
    // The package's files, as a project that installed it finds them.
    args: (rest ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((arg) => arg.replace(/^node_modules\/otp-conformance\//, root)),
  }));
}

/** A user's shell: none of the caller's OTP_ variables, the token the README exports, and what the line sets. */
const shellEnv = (extra: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY')),
  OTP_TOKEN: 'readme-token-0123456789',
  ...extra,
});

/** A long-running command as shown (`serve`, `proxy`): it must come up and print the line that says so. */
function comesUp(args: string[], env: Record<string, string>, up: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [cli, ...args], { cwd, env: shellEnv(env) });
    let out = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`it did not come up: ${out}`))), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (up.test(out)) {
        clearTimeout(timer);
        child.kill();
        resolve(out);
      }
    });
    child.on('exit', (code) => code !== null && code !== 0 && (clearTimeout(timer), reject(new Error(`it exited ${code}: ${out}`))));
  });
}

describe('every command the README shows works as shown', () => {
  const commands = shownCommands();

  it('finds them: the demo, checking a server, the operation map, openapi, --version', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
  });

  for (const { line, env, args } of commands) {
    it(line, { timeout: 60_000 }, async () => {
      // On a free port, and in front of a server that is there.
      const local = args.map((arg, index) => (args[index - 1] === '--port' ? '0' : args[index - 1] === '--target' ? reference.url : arg));
      if (args[0] === 'serve' && !args.includes('list')) {
        await expect(comesUp(local, env, /^URL: +http:\/\/127\.0\.0\.1:\d+$/m)).resolves.toContain('Reference server');
        return;
      }
      if (args[0] === 'proxy') {
        await expect(comesUp([...local, '--port', '0', '--report-dir', join(cwd, 'proxy')], env, /^Proxy of otp-conformance .*→/m)).resolves.toContain(
          reference.url,
        );
        return;
      }
      if (args[0] === 'check') {
        // A recording as a browser saves it, at the name the README gives.
        copyFileSync(join(root, 'test/fixtures/traffic/browser-session.har'), join(cwd, args[1]!));
        const checked = await run(process.execPath, [cli, ...args, '--report-dir', join(cwd, 'check')], { cwd, env: shellEnv(env) }).catch(
          (error: { code: number; stdout: string }) => error,
        );
        expect([0, 1]).toContain('code' in checked ? checked.code : 0);
        return;
      }
      // A run is checked as planned, not sent: the servers it names are not there.
      const sent = args[0] === 'run' ? [...args, '--dry-run'] : args;
      const { stdout } = await run(process.execPath, [cli, ...sent], { cwd, env: shellEnv(env) });
      expect(stdout.length).toBeGreaterThan(0);
    });
  }
});
