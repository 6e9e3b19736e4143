import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'otp-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A checkout of its own (the sources, the scripts, the settings; the dependencies linked), so that building it leaves this one's dist/ alone. */
function checkoutCopy(): string {
  const root = mkdtempSync(join(scratch, 'checkout-'));
  for (const entry of ['src', 'suites', 'schemas', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) {
    cpSync(join(repo, entry), join(root, entry), { recursive: true });
  }
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

const script = (root: string, name: string) => run(process.execPath, [join(root, 'scripts', name)], { timeout: 120_000 });
const lines = (text: string) => text.split('\n').filter(Boolean);
const leftovers = (root: string) => readdirSync(root).filter((entry) => entry.startsWith('.dist-'));
/** What makes dist/ a whole build: the kit's entry, a data file copied after the compiler, the compiled schemas, the mark. */
const whole = (root: string) => ['dist/src/cli/main.js', 'dist/src/reference/operation-map.json', 'dist/.built'].every((file) => existsSync(join(root, file)));

/** scripts/build.js started as Ctrl-C would find it: its own process group, interrupted once it says it is building. */
function interruptedBuild(root: string): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'scripts/build.js')], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.once('data', () => process.kill(-(child.pid ?? 0), 'SIGINT'));
  return new Promise((resolve) => child.once('close', () => resolve()));
}

describe('npm run build (scripts/build.js)', () => {
  const root = checkoutCopy();

  it('says in one line that it builds, and leaves its mark: the next start builds nothing', async () => {
    const built = await script(root, 'build.js');
    expect(lines(built.stderr)).toEqual(['otp-conformance: building dist/ (the TypeScript compiler, then the compiled schemas)…']);
    expect(whole(root)).toBe(true);
    const marked = statSync(join(root, 'dist/.built')).mtimeMs;

    const start = await script(root, 'build-if-stale.js');
    expect([start.stdout, start.stderr]).toEqual(['', '']);
    expect(statSync(join(root, 'dist/.built')).mtimeMs).toBe(marked);
  }, 180_000);

  it('interrupted, it leaves the dist/ before it whole, and the next build clears what it left', async () => {
    const before = readFileSync(join(root, 'dist/.built'), 'utf8');
    await interruptedBuild(root);
    expect(whole(root)).toBe(true);
    expect(readFileSync(join(root, 'dist/.built'), 'utf8')).toBe(before);

    rmSync(join(root, 'dist'), { recursive: true, force: true });
    await interruptedBuild(root);
    expect(existsSync(join(root, 'dist'))).toBe(false);

    await script(root, 'build.js');
    expect(whole(root)).toBe(true);
    expect(leftovers(root)).toEqual([]);
  }, 180_000);
});
