import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlErrorPage } from '../src/reference/faults/demo.js';
import { type ReferenceServer, startReferenceServer } from '../src/reference/server.js';

/**
 * Every shell example of docs/*.md a user would copy — the lines of a ```sh block that start with
 * `otp-conformance`, `npm` or `npx` — run as written, through a shell, one after another in a
 * folder of the page's own. An example that cannot run here (it needs a real vendor's server) is
 * marked in the page, on the line before its block: `<!-- example not run: why -->`.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const cli = join(root, 'bin/otp-conformance.js');
const token = 'docs-token-5e1f08c2';
const NOT_RUN = /^<!-- example not run: (.+) -->$/;
const SHELL_BLOCK = /^```(?:sh|bash|shell)$/;
const COMMAND = /^(?:[A-Z_]+=\S+ )*(?:otp-conformance|npm|npx)(?: |$)/;

interface Example {
  readonly page: string;
  /** The line of the page the command starts on. */
  readonly line: number;
  /** As written, continuation lines joined and the comment after it dropped. */
  readonly command: string;
}

interface Page {
  readonly page: string;
  readonly examples: readonly Example[];
  /** Blocks marked as not run, by the line they start on, with why. */
  readonly notRun: ReadonlyArray<{ readonly line: number; readonly why: string }>;
  /** Lines outside a shell block that read as a command a user would copy: they would go untested. */
  readonly unfenced: readonly string[];
}

function pageOf(page: string): Page {
  const lines = readFileSync(join(root, 'docs', page), 'utf8').split('\n');
  const examples: Example[] = [];
  const notRun: { line: number; why: string }[] = [];
  const unfenced: string[] = [];
  let fence: 'shell' | 'other' | undefined;
  let marked = false;
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index] ?? '';
    if (text.startsWith('```')) {
      if (fence) fence = undefined;
      else {
        fence = SHELL_BLOCK.test(text) ? 'shell' : 'other';
        const why = NOT_RUN.exec(lines[index - 1] ?? '');
        marked = why !== null;
        if (why) notRun.push({ line: index + 1, why: why[1] ?? '' });
      }
      continue;
    }
    if (fence === 'other' && COMMAND.test(text)) unfenced.push(`${page}:${index + 1}: ${text}`);
    if (fence !== 'shell' || marked || !COMMAND.test(text)) continue;
    let command = text;
    while (command.endsWith('\\')) command = `${command.slice(0, -1)} ${(lines[++index] ?? '').trim()}`;
    examples.push({ page, line: index + 1, command: command.replace(/\s+#.*$/, '').trim() });
  }
  return { page, examples, notRun, unfenced };
}

const pages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map(pageOf);

/** `otp-conformance`, `npx otp-conformance`, `npm run conformance`/`serve` as a project that installed the kit has them: this checkout's bin. */
const shims: Record<string, string> = {
  'otp-conformance': `exec "${process.execPath}" "${cli}" "$@"`,
  npx: `[ "$1" = otp-conformance ] || { echo "npx $1: not the kit" >&2; exit 127; }\nshift\nexec "${process.execPath}" "${cli}" "$@"`,
  npm: [
    '[ "$1" = run ] || { echo "npm $1: not a script the docs may show" >&2; exit 127; }',
    'script=$2; shift 2; [ "$1" = -- ] && shift',
    `case "$script" in conformance) exec "${process.execPath}" "${cli}" "$@";; serve) exec "${process.execPath}" "${cli}" serve "$@";; *) echo "npm run $script: not a script the docs may show" >&2; exit 127;; esac`,
  ].join('\n'),
};

/** The files the examples name, as a user would have them: recordings, an operation map, a baseline, a waiver file. */
const givenFiles: Record<string, string> = {
  'session.har': 'test/fixtures/traffic/browser-session.har',
  'monday.har': 'test/fixtures/traffic/browser-session.har',
  'tuesday.har': 'test/fixtures/traffic/browser-session.har',
  'my-map.json': 'src/reference/operation-map.json',
};

const scratch = mkdtempSync(join(tmpdir(), 'otp-docs-commands-'));
const shimDir = join(scratch, 'bin');
let reference: ReferenceServer;
/** A report.json of an earlier run against the same server, where a page names a baseline. */
let baselineReport = '';

beforeAll(async () => {
  // A vendor's server stands in for the examples' hosts: the reference server with a defect, so that reports hold deviations to replay.
  reference = await startReferenceServer({ token, fault: htmlErrorPage });
  mkdirSync(shimDir);
  for (const [name, body] of Object.entries(shims)) {
    writeFileSync(join(shimDir, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(shimDir, name), 0o755);
  }
  const baselineDir = join(scratch, 'baseline-run');
  const ended = await shell(`otp-conformance --base-url ${reference.url} --only login --runs 1 --report-dir ${baselineDir} --quiet`, scratch);
  if (ended.code !== 0) throw new Error(`the run that gives the baseline failed (exit ${ended.code}): ${ended.output}`);
  baselineReport = join(baselineDir, 'report.json');
}, 120_000);

afterAll(async () => {
  await reference?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A user's shell: the kit's commands on the PATH, none of the caller's OTP_ variables, the token and $URL set, and small runs. */
const shellEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY')),
  PATH: `${shimDir}:${process.env.PATH ?? ''}`,
  OTP_TOKEN: token,
  URL: reference.url,
  // The quick pass: the command line stays as written, only the run is shorter.
  OTP_RUNS: '1',
});

/**
 * The command as this machine can run it: the hosts a page names for the user's server are the
 * reference server, a port to listen on is a free one, the token shown as `…` is the shell's, and a
 * command sent to the background runs in the foreground (the test waits for it to come up).
 */
const runnable = (command: string): string =>
  command
    .replaceAll('https://api.example.com', reference.url)
    .replaceAll('http://127.0.0.1:8080', reference.url)
    .replaceAll('--port 8080', '--port 0')
    .replaceAll('OTP_TOKEN=…', 'OTP_TOKEN="$OTP_TOKEN"')
    .replace(/\s*&$/, '');

/** What keeps running until stopped, and the line that says it is up. */
function longRunning(command: string): RegExp | undefined {
  if (/\bproxy\b/.test(command)) return /^Proxy of otp-conformance .*→/m;
  if (/(?:otp-conformance|npm run) serve\b/.test(command) && !/--help|--inject list|--variant list/.test(command)) return /^URL: +http:\/\/127\.0\.0\.1:\d+$/m;
  return undefined;
}

function shell(command: string, cwd: string, up?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn('/bin/sh', ['-c', command], { cwd, env: shellEnv(), detached: true });
    let output = '';
    let stopped = false;
    const hear = (chunk: Buffer) => {
      output += chunk.toString();
      // Stopped once, as Ctrl-C would: a second signal would end it before it writes its reports and lets go of their folder.
      if (up?.test(output) && !stopped && child.pid !== undefined) {
        stopped = true;
        process.kill(-child.pid, 'SIGTERM');
      }
    };
    child.stdout?.on('data', hear);
    child.stderr?.on('data', hear);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the docs show their commands where they are run', () => {
  it('finds the examples of the pages that have them, and every command of theirs is in a shell block', () => {
    const withExamples = pages.filter((page) => page.examples.length > 0).map((page) => page.page);
    expect(withExamples).toEqual(expect.arrayContaining(['choosing-checks.md', 'ci.md', 'openapi.md', 'reference-server.md', 'traffic.md']));
    expect(pages.flatMap((page) => page.unfenced)).toEqual([]);
  });

  it('an example marked as not run says why', () => {
    for (const { notRun } of pages) for (const { why } of notRun) expect(why.length).toBeGreaterThan(10);
  });
});

for (const { page, examples } of pages.filter((candidate) => candidate.examples.length > 0)) {
  describe(`docs/${page}: every example runs as written`, () => {
    const cwd = join(scratch, page.replace(/\.md$/, ''));
    beforeAll(() => {
      mkdirSync(join(cwd, 'conformance'), { recursive: true });
      for (const [name, from] of Object.entries(givenFiles)) copyFileSync(join(root, from), join(cwd, name));
      copyFileSync(baselineReport, join(cwd, 'conformance/baseline.json'));
      writeFileSync(join(cwd, 'conformance/waivers.json'), '{ "waivers": [] }\n');
    });

    for (const { line, command } of examples) {
      it(`${page}:${line}: ${command}`, { timeout: 300_000 }, async () => {
        const up = longRunning(command);
        const { code, output } = await shell(runnable(command), cwd, up);
        if (up) {
          expect(output).toMatch(up);
          return;
        }
        // Never 2 (called wrongly), nor a run that could not check anything; against a server with a defect, 1, or 3 where
        // the checks a command keeps cannot verify what the defect broke.
        expect([0, 1, 3], output).toContain(code);
        expect(output).not.toMatch(/^NOT RUN/m);
      });
    }
  });
}
