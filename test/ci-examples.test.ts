import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { productionPaths, unreachedInstalled } from '../scripts/production-tree.js';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const exampleFiles = readdirSync(new URL('examples/', root)).filter((name) => /\.ya?ml$/.test(name));
const gitlabFiles = exampleFiles.filter((name) => name.includes('gitlab'));
const workflowFiles = exampleFiles.filter((name) => !gitlabFiles.includes(name));

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly env?: Record<string, string>;
  readonly with?: Record<string, string | boolean | number>;
}
interface Job {
  readonly if?: string;
  readonly permissions?: Record<string, string>;
  readonly steps: readonly Step[];
}

const actionText = read('action.yml');
const action = parse(actionText) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: readonly Step[] };
};
const workflows = workflowFiles.map((file) => ({ file, workflow: parse(read(`examples/${file}`)) as { permissions?: unknown; jobs: Record<string, Job> } }));
const allJobs = workflows.flatMap(({ file, workflow }) => Object.entries(workflow.jobs).map(([name, job]) => ({ where: `${file} ${name}`, job })));
const allSteps = [
  ...action.runs.steps.map((step) => ({ where: 'action.yml', step })),
  ...allJobs.flatMap(({ where, job }) => job.steps.map((step) => ({ where, step }))),
];
/** Bytes of the files under a folder, its own nested node_modules aside (each package is counted once, at its own entry). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') total += bytesUnder(path);
    else if (entry.isFile()) total += lstatSync(path).size;
  }
  return total;
}

/** What the Action's install leaves on this platform: the packages the kit's dependencies reach, as installed here. */
function productionInstallBytes(): number {
  return [...productionPaths(fileURLToPath(root))]
    .map((path) => fileURLToPath(new URL(`${path}/`, root)))
    .filter((dir) => existsSync(dir))
    .reduce((sum, dir) => sum + bytesUnder(dir), 0);
}

const usesOf = (step: Step, name: string) => step.uses?.split('@')[0] === name;
const actionOwnRepository = (step: Step) => usesOf(step, 'otp-conformance/otp-conformance');

/** Node lines the examples may name: the current LTS lines. */
const ltsLines = ['22', '24'];

/** The 32-bit bound of --seed (src/config/resolve.ts). */
const isFixedSeed = (value: unknown) => /^-?\d+$/.test(String(value)) && Math.abs(Number(value)) < 2 ** 31;

describe('the GitHub Action and the CI examples', () => {
  it('are found', () => {
    expect(workflowFiles.length).toBeGreaterThan(0);
    expect(gitlabFiles.length).toBeGreaterThan(0);
  });

  it('action.yml passes the action validator', () => {
    expect(validateAction(actionText).errors).toEqual([]);
  });

  it.each(workflowFiles)('%s passes the workflow validator', (file) => {
    expect(validateWorkflow(read(`examples/${file}`)).errors).toEqual([]);
  });

  it('the validator rejects a broken workflow and a broken action (the checks above can fail)', () => {
    expect(validateWorkflow('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n').errors).not.toEqual([]);
    expect(validateAction('name: x\ndescription: y\nruns:\n  using: composite\n  stepz: []\n').errors).not.toEqual([]);
  });

  it('action.yml is a composite action whose inputs reach scripts through the environment only', () => {
    expect(action.runs.using).toBe('composite');
    for (const input of ['base-url', 'token', 'seed', 'fail-on', 'report-dir', 'args']) expect(action.inputs).toHaveProperty(input);
    for (const output of ['status', 'errors', 'warnings', 'report']) expect(action.outputs).toHaveProperty(output);
    for (const step of action.runs.steps) expect(step.run ?? '').not.toContain('${{');
    const used = [...actionText.matchAll(/inputs\.([a-z-]+)/g)].map((match) => match[1]);
    expect(new Set(used)).toEqual(new Set(Object.keys(action.inputs)));
    const tokenUses = actionText.split('\n').filter((line) => line.includes('inputs.token'));
    expect(tokenUses).toEqual(['        INPUT_TOKEN: ${{ inputs.token }}']);
  });

  it('action.yml outputs come from steps that run whatever the verdict', () => {
    const stepIds = new Map(action.runs.steps.filter((step) => step.id).map((step) => [step.id!, step]));
    for (const [name, output] of Object.entries(action.outputs)) {
      const id = /steps\.([a-z-]+)\.outputs/.exec(output.value)?.[1];
      expect(stepIds.has(id!), name).toBe(true);
    }
    const run = stepIds.get('run')!;
    expect(run.run).toContain('set +e');
    for (const step of action.runs.steps.slice(action.runs.steps.indexOf(run) + 1)) expect(step.if ?? '', step.name).toContain('always()');
  });

  it('action.yml installs production dependencies only, cached on the lockfile, and takes dist/ from the release tarball', () => {
    const install = action.runs.steps.find((step) => step.name === 'Install otp-conformance')!;
    expect(install).toMatchObject({ 'working-directory': '${{ github.action_path }}' });
    const firstInstall = install.run!.split('\n').find((line) => line.includes('npm ci'))!;
    expect(firstInstall).toContain('npm ci --omit=dev --ignore-scripts');
    expect(install.run).toContain('node scripts/production-tree.js --prune');
    expect(install.run).toContain('tar -xzf "$tarball" --strip-components=1 package/dist');
    expect(install.run).toContain('releases/download/$ACTION_REF/otp-conformance-$version.tgz');
    const cache = action.runs.steps.find((step) => usesOf(step, 'actions/cache'))!;
    expect(action.runs.steps.indexOf(cache)).toBeLessThan(action.runs.steps.indexOf(install));
    expect(cache.with?.key).toBe('${{ steps.lock.outputs.key }}');
    expect(action.runs.steps.find((step) => step.id === 'lock')?.run).toContain('sha256sum package-lock.json');
    expect(action.runs.steps.some((step) => step.run?.includes('"$GITHUB_ACTION_PATH/bin/otp-conformance.js"'))).toBe(true);
  });

  it("what the Action's install step brings (the locked production dependencies and dist/) weighs under 60 MB", () => {
    const bytes = productionInstallBytes() + bytesUnder(fileURLToPath(new URL('dist/', root)));
    expect(bytes).toBeGreaterThan(5e6);
    expect(bytes).toBeLessThan(60e6);
  });

  it('the pruned install keeps what the kit runs on and drops the tools it is built and tested with', () => {
    const kept = productionPaths(fileURLToPath(root));
    for (const runtime of ['ajv', 'ajv-formats', 'dotenv', 'fast-check', 'undici', 'vitest']) expect(kept).toContain(`node_modules/${runtime}`);
    const dropped = unreachedInstalled(fileURLToPath(root));
    for (const tool of ['typescript', 'tsx', 'esbuild', 'yaml', 'oxlint', '@sparticuz/chromium']) expect(dropped).toContain(`node_modules/${tool}`);
  });

  it('no example, the Action or the README runs npx --yes, and every install names the release of this version', () => {
    const version = (JSON.parse(read('package.json')) as { version: string }).version;
    const texts = [
      ...exampleFiles.map((file) => ({ file, text: read(`examples/${file}`) })),
      { file: 'action.yml', text: actionText },
      { file: 'README.md', text: read('README.md') },
    ];
    for (const { file, text } of texts) {
      expect(text, file).not.toMatch(/npx\s+(--yes|-y)\b/);
      expect(text, file).not.toMatch(/npm (install|i) [^\n]*\botp-conformance@/);
      for (const [url] of text.matchAll(/https:\/\/github\.com\/otp-conformance\/[^\s"']*\.tgz/g))
        expect(url, file).toContain(`/download/v${version}/otp-conformance-${version}.tgz`);
      for (const [, ref] of text.matchAll(/otp-conformance\/otp-conformance@([\w.-]+)/g)) expect(ref, file).toBe(`v${version}`);
    }
  });

  it('the release workflow checks the kit, then attaches the tarball the Action and the examples fetch', () => {
    const release = read('.github/workflows/release.yml');
    expect(validateWorkflow(release).errors).toEqual([]);
    expect(release).toContain('.ci/run');
    expect(release).toContain('npm pack');
    expect(release).toContain('gh release create "$GITHUB_REF_NAME" otp-conformance-*.tgz');
  });

  it("action.yml's scripts run the kit with the inputs and read the verdict into outputs", () => {
    const workspace = mkdtempSync(join(tmpdir(), 'otp-action-'));
    try {
      const outputFile = join(workspace, 'outputs');
      writeFileSync(outputFile, '');
      const env = {
        PATH: process.env.PATH,
        GITHUB_ACTION_PATH: fileURLToPath(root),
        GITHUB_WORKSPACE: workspace,
        GITHUB_OUTPUT: outputFile,
        INPUT_BASE_URL: '',
        INPUT_TOKEN: '',
        INPUT_SEED: '7',
        INPUT_FAIL_ON: 'error',
        INPUT_REPORT_DIR: 'conformance reports',
        INPUT_HAR: 'true',
        INPUT_ARGS: '--only=custom-demand-list --runs=1\n --hostile-runs=0 --no-coverage --no-auth-probes --no-stateful --quiet',
      };
      for (const id of ['run', 'verdict']) {
        const script = action.runs.steps.find((step) => step.id === id)!.run!;
        execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: workspace, env, stdio: 'pipe' });
      }
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      );
      const reportDir = join(workspace, 'conformance reports');
      expect(outputs).toEqual({
        'exit-code': '0',
        'report-dir': reportDir,
        report: join(reportDir, 'report.json'),
        status: 'pass',
        errors: '0',
        warnings: '0',
      });
      expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({ seed: 7, summary: { operations: 1 } });
      expect(JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8'))).toMatchObject({
        log: { version: '1.2', entries: [{ request: { method: 'POST' } }] },
      });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('every upload runs on failure too', () => {
    const uploads = allSteps.filter(({ step }) => usesOf(step, 'actions/upload-artifact'));
    expect(uploads.length).toBeGreaterThan(0);
    for (const { where, step } of uploads) expect(step.if ?? '', where).toContain('always()');
  });

  it('workflows ask for least privilege, and for what the JUnit publisher needs', () => {
    for (const { file, workflow } of workflows) expect(workflow.permissions, file).toEqual({ contents: 'read' });
    for (const { where, job } of allJobs) {
      expect(job.permissions, where).toBeDefined();
      const publisher = job.steps.find((step) => usesOf(step, 'mikepenz/action-junit-report'));
      const action = job.steps.find((step) => actionOwnRepository(step) && step.with?.['publish-junit'] !== 'false');
      if (publisher || action) expect(job.permissions?.checks, where).toBe('write');
      if (publisher?.with?.comment === true) expect(job.permissions?.['pull-requests'], where).toBe('write');
      if (!publisher && !action) expect(job.permissions?.checks, where).toBeUndefined();
    }
  });

  it('the gating job sends the same payloads every run; a scheduled one explores new seeds and only reports', () => {
    const runs = allJobs.flatMap(({ where, job }) => job.steps.filter(actionOwnRepository).map((step) => ({ where, job, step })));
    const gates = runs.filter(({ job }) => job.if?.includes("'pull_request'") && !job.if.includes('!='));
    const explorers = runs.filter(({ job }) => !gates.some((gate) => gate.job === job));
    expect(gates.length).toBeGreaterThan(0);
    expect(explorers.length).toBeGreaterThan(0);
    for (const { where, step } of gates) expect(isFixedSeed(step.with?.seed), where).toBe(true);
    for (const { where, step } of explorers) expect((step as { 'continue-on-error'?: boolean })['continue-on-error'], where).toBe(true);
    for (const { where, step } of runs) expect(String(step.with?.seed), where).not.toContain('run_id');
  });

  it('waits for the server with a deadline, runs a current LTS Node and installs no placeholder', () => {
    for (const file of exampleFiles) {
      const text = read(`examples/${file}`);
      expect(text, file).not.toContain('git clone');
      expect(text, file).not.toMatch(/node(-version)?:\s*['"]?(18|20)\b/);
      for (const loop of text.split(/\n(?=\s*- )/).filter((chunk) => chunk.includes('until '))) expect(loop, file).toContain('deadline');
    }
    for (const { where, step } of allSteps) {
      if (usesOf(step, 'actions/setup-node') && where !== 'action.yml') expect(ltsLines, where).toContain(String(step.with?.['node-version']));
      if (actionOwnRepository(step)) expect(ltsLines, where).toContain(String(step.with?.['node-version']));
    }
    expect(ltsLines).toContain(action.inputs['node-version']?.default);
  });

  it.each(gitlabFiles)('%s: a fixed seed to gate, artifacts kept on failure, a current LTS image', (file) => {
    const pipeline = parse(read(`examples/${file}`)) as Record<
      string,
      {
        extends?: string;
        image?: string;
        script?: string[];
        variables?: Record<string, string>;
        artifacts?: { when?: string };
        allow_failure?: boolean;
        rules?: { if: string }[];
      }
    >;
    const jobs = Object.entries(pipeline).filter(([name]) => !name.startsWith('.'));
    expect(jobs.length).toBeGreaterThan(0);
    for (const [name, job] of jobs) {
      const templates = [];
      for (let parent = job.extends; parent !== undefined; parent = pipeline[parent]?.extends) {
        expect(pipeline[parent], `${name} extends ${parent}`).toBeDefined();
        templates.push(pipeline[parent]!);
      }
      const image = [job, ...templates].find((each) => each.image)?.image;
      expect(image, name).toMatch(/^node:(22|24)\b/);
      expect(job.script?.length, name).toBeGreaterThan(0);
      expect(job.artifacts?.when, name).toBe('always');
      const seed = job.variables?.OTP_SEED;
      const gate = job.rules?.some((rule) => rule.if.includes('merge_request_event'));
      if (seed !== undefined && gate) expect(isFixedSeed(seed), name).toBe(true);
      if (seed !== undefined && !gate) expect(job.allow_failure, name).toBe(true);
      expect(seed ?? '', name).not.toContain('CI_PIPELINE_ID');
    }
  });
});
