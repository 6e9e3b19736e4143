import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'otp-build-on-demand-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What the bin decides in a checkout without dist/ is tested on a copy of the bin and of the
 * scripts it calls, with scripts/build.js standing in for the compiler: it counts its builds and
 * writes a main.js that says it ran, and the mark a build leaves. A real build would test tsc, and take seconds per case.
 */
const stubBuild = `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
const root = new URL('../', import.meta.url);
appendFileSync(new URL('builds.txt', root), 'built\\n');
if (process.env.STUB_BUILD_FAILS) {
  console.log("src/cli/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.");
  process.exit(2);
}
// Long enough that the processes started together all find dist/ missing.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
mkdirSync(new URL('dist/src/cli/', root), { recursive: true });
writeFileSync(new URL('dist/src/cli/main.js', root), "console.log('the kit ran');\\n");
writeFileSync(new URL('dist/.built', root), 'the mark a build leaves\\n');
`;

type Layout = 'checkout' | 'installed' | 'no dependencies';

function packageCopy(layout: Layout): string {
  const root = mkdtempSync(join(scratch, 'kit-'));
  mkdirSync(join(root, 'bin'));
  copyFileSync(join(repo, 'bin/otp-conformance.js'), join(root, 'bin/otp-conformance.js'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  if (layout === 'installed') return root;
  mkdirSync(join(root, 'scripts'));
  for (const script of ['build-if-missing.js', 'build-if-stale.js']) copyFileSync(join(repo, 'scripts', script), join(root, 'scripts', script));
  writeFileSync(join(root, 'scripts/build.js'), stubBuild);
  if (layout === 'checkout') mkdirSync(join(root, 'node_modules/typescript'), { recursive: true });
  return root;
}

async function bin(root: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'bin/otp-conformance.js'), '--version'], {
      env: { ...process.env, ...extraEnv },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const builds = (root: string) => (existsSync(join(root, 'builds.txt')) ? readFileSync(join(root, 'builds.txt'), 'utf8').split('\n').filter(Boolean).length : 0);
const lines = (text: string) => text.split('\n').filter(Boolean);

describe('the bin in a checkout without dist/ (a fresh clone) builds it first', () => {
  it('says so in one line, builds once, stamps the build for npm start, and runs the kit', async () => {
    const root = packageCopy('checkout');
    const first = await bin(root);
    expect(first).toMatchObject({ code: 0, stdout: 'the kit ran\n' });
    expect(lines(first.stderr)).toEqual(['otp-conformance: dist/ is missing: building it first (npm run build)…']);
    expect(builds(root)).toBe(1);
    expect(existsSync(join(root, 'dist/.built'))).toBe(true);
    expect(existsSync(join(root, '.dist-building'))).toBe(false);

    const second = await bin(root);
    expect(second).toMatchObject({ code: 0, stdout: 'the kit ran\n', stderr: '' });
    expect(builds(root)).toBe(1);
  });

  it('started several times at once: one builds, the others wait for it', async () => {
    const root = packageCopy('checkout');
    const results = await Promise.all([1, 2, 3, 4].map(() => bin(root)));
    expect(results.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    expect(results.every((result) => result.stdout === 'the kit ran\n')).toBe(true);
    expect(builds(root)).toBe(1);
  });

  it('a lock left by a build that was killed is taken over', async () => {
    const root = packageCopy('checkout');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    mkdirSync(join(root, '.dist-building'));
    writeFileSync(join(root, '.dist-building/pid'), String(gone.pid));
    expect(await bin(root)).toMatchObject({ code: 0, stdout: 'the kit ran\n' });
    expect(builds(root)).toBe(1);
  });

  it('a build that fails: exit 2, and one line with the first error and what to run', async () => {
    const root = packageCopy('checkout');
    const { code, stdout, stderr } = await bin(root, { STUB_BUILD_FAILS: '1' });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      'otp-conformance: dist/ is missing: building it first (npm run build)…',
      "otp-conformance: building dist/ failed (src/cli/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.); run npm run build to see why.",
    ]);
    expect(existsSync(join(root, '.dist-building'))).toBe(false);
  });

  it('without the dependencies: nothing built, one line saying to run npm ci', async () => {
    const root = packageCopy('no dependencies');
    const { code, stderr } = await bin(root);
    expect(code).toBe(2);
    expect(lines(stderr)).toEqual(['otp-conformance: dist/ is missing and cannot be built without the dependencies; run npm ci first.']);
    expect(builds(root)).toBe(0);
  });
});

it('an installed package without dist/ (no scripts/ to build it): one line, exit 2', async () => {
  const { code, stderr } = await bin(packageCopy('installed'));
  expect(code).toBe(2);
  expect(lines(stderr)).toEqual(['otp-conformance: dist/ is missing from this installed package; install the package again.']);
});
