import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'bin/otp-conformance.js');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const run = promisify(execFile);
const cwd = mkdtempSync(join(tmpdir(), 'otp-readme-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

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

/** `serve` as shown, on a free port: it must come up and print its address. */
function serveComesUp(args: string[], env: Record<string, string>): Promise<string> {
  const freePort = args.map((arg, index) => (args[index - 1] === '--port' ? '0' : arg));
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [cli, ...freePort], { cwd, env: shellEnv(env) });
    let out = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`no URL line: ${out}`))), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^URL: +http:\/\/127\.0\.0\.1:\d+$/m.test(out)) {
        clearTimeout(timer);
        child.kill();
        resolve(out);
      }
    });
    child.on('exit', (code) => code !== null && code !== 0 && (clearTimeout(timer), reject(new Error(`serve exited ${code}: ${out}`))));
  });
}

describe('every command the README shows works as shown', () => {
  const commands = shownCommands();

  it('finds them: the demo, checking a server, the operation map, openapi, --version', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
  });

  for (const { line, env, args } of commands) {
    it(line, { timeout: 60_000 }, async () => {
      if (args[0] === 'serve' && !args.includes('list')) {
        await expect(serveComesUp(args, env)).resolves.toContain('Reference server');
        return;
      }
      // A run is checked as planned, not sent: the servers it names are not there.
      const sent = args[0] === 'run' ? [...args, '--dry-run'] : args;
      const { stdout } = await run(process.execPath, [cli, ...sent], { cwd, env: shellEnv(env) });
      expect(stdout.length).toBeGreaterThan(0);
    });
  }
});
