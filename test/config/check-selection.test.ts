import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allChecks, alwaysRun } from '../../src/checks/index.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { allFlows } from '../../src/flows/index.js';
import { modelRules } from '../../src/model/index.js';
import { kitErrorOf } from '../support/kit-error.js';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'otp-checks-'));
const target = ['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN-for-tests'];
const resolve = (args: string[], env: Record<string, string> = {}) => resolveRunConfig([...target, ...args], env, emptyDir());
const refusal = (args: string[], env: Record<string, string> = {}) => kitErrorOf(() => resolve(args, env));
const always = alwaysRun.map((entry) => entry.check.id);
const everyId = [...allChecks, ...allFlows, ...modelRules].map((check) => check.id);

describe('--checks and --exclude-checks', () => {
  it('every check runs unless one of them is given', () => {
    expect(resolve([])).toMatchObject({ excludedChecks: [], checksLeftOutBy: undefined });
  });

  it('--exclude-checks leaves out the ids named, repeated or comma-separated, checks and flows alike', () => {
    const config = resolve(['--exclude-checks', 'page-total,flow-demand-lifecycle', '--exclude-checks', 'envelope']);
    expect(config.excludedChecks).toEqual(['envelope', 'page-total', 'flow-demand-lifecycle']);
    expect(config.checksLeftOutBy).toBe('--exclude-checks');
  });

  it('--checks runs the ids named and the checks that always run, and leaves out every other', () => {
    const config = resolve(['--checks', 'data-schema, envelope']);
    expect(config.checksLeftOutBy).toBe('--checks');
    expect(everyId.filter((id) => !config.excludedChecks.includes(id))).toEqual(['response-received', 'envelope', 'data-schema', 'operation-verified']);
  });

  it('are read from OTP_CHECKS and OTP_EXCLUDE_CHECKS, and an operation map’s flows are ids too', () => {
    expect(resolve([], { OTP_EXCLUDE_CHECKS: 'page-total' }).excludedChecks).toEqual(['page-total']);
    // Without --base-url, the reference server's map is in force, with its flows.
    const embedded = resolveRunConfig(['--exclude-checks', 'flow-invoice-profile-lifecycle'], {}, emptyDir());
    expect(embedded.excludedChecks).toEqual(['flow-invoice-profile-lifecycle']);
  });

  it('an unknown id is refused with the nearest id it may have meant, or none when nothing is near', () => {
    const typo = refusal(['--exclude-checks', 'page-totl']);
    expect(typo.code).toBe('OTP_BAD_OPTION');
    expect(typo.message).toContain('--exclude-checks "page-totl" names no check or flow; did you mean page-total?');
    expect(typo.message).toContain('otp-conformance list');
    expect(refusal(['--checks', 'envelope,flow-demand-lifecyle']).message).toContain('did you mean flow-demand-lifecycle?');
    expect(refusal(['--checks', 'nothing-like-any-check-id']).message).not.toContain('did you mean');
    // A map's flow is an id only where that map is in force.
    expect(refusal(['--exclude-checks', 'flow-invoice-profile-lifecycle']).message).toContain('names no check or flow');
    expect(refusal([], { OTP_CHECKS: 'envelop' }).message).toContain('OTP_CHECKS (environment) "envelop" names no check or flow; did you mean envelope?');
  });

  it('both at once, none named, and leaving out a check that always runs are refused', () => {
    expect(refusal(['--checks', 'envelope', '--exclude-checks', 'page-total']).message).toContain('--checks and --exclude-checks contradict each other');
    expect(refusal(['--checks', ' , ']).message).toContain('names no check');
    for (const id of always) {
      const error = refusal(['--exclude-checks', `envelope,${id}`]);
      expect(error.message, id).toContain(`--exclude-checks ${id}: that check always runs`);
    }
  });

  it('a selection that leaves only the checks that always run is refused: they do not judge whether the server conforms', () => {
    const excludable = everyId.filter((id) => !always.includes(id));
    expect(refusal(['--exclude-checks', excludable.join(',')]).message).toContain('leaves only the checks that always run');
    expect(refusal(['--checks', 'response-received']).message).toContain('leaves only the checks that always run');
  });

  it('naming only flows where no flow runs is refused: --read-only, --no-stateful and the quick pass run none', () => {
    for (const off of [['--read-only'], ['--no-stateful'], ['--runs', '1']]) {
      expect(refusal(['--checks', 'flow-demand-lifecycle', ...off]).message, off.join(' ')).toContain('leaves only flows (flow-demand-lifecycle)');
    }
    expect(resolve(['--checks', 'flow-demand-lifecycle']).excludedChecks).toContain('envelope');
  });

  it("takes the model's rules by id, as flows: one left out, or only those named", () => {
    expect(resolve(['--exclude-checks', 'model-edit-shown']).excludedChecks).toEqual(['model-edit-shown']);
    expect(resolve(['--checks', 'model-deleted-gone,envelope']).excludedChecks).toContain('model-edit-shown');
    expect(refusal(['--checks', 'model-deleted-gone', '--read-only']).message).toContain('leaves only flows (model-deleted-gone)');
  });
});

describe('--max-failures and --dry-run', () => {
  it('--max-failures takes a positive whole number; 0, a negative or a word is refused', () => {
    expect(resolve(['--max-failures', '3']).maxFailures).toBe(3);
    expect(resolve([], { OTP_MAX_FAILURES: '2' }).maxFailures).toBe(2);
    expect(resolve([]).maxFailures).toBeUndefined();
    for (const bad of ['0', '-1', 'some', '1.5']) {
      const error = refusal([`--max-failures=${bad}`]);
      expect(error.code, bad).toBe('OTP_BAD_OPTION');
      expect(error.message, bad).toContain('--max-failures');
    }
  });

  it('--dry-run is a flag; OTP_DRY_RUN too', () => {
    expect(resolve(['--dry-run']).dryRun).toBe(true);
    expect(resolve([], { OTP_DRY_RUN: 'true' }).dryRun).toBe(true);
    expect(resolve([]).dryRun).toBe(false);
  });

  it('none of the four goes with --replay, which re-sends one call and judges it by every check', () => {
    const replay = ['--seed', '1', '--replay', 'custom-demand-list:conforming:0'];
    for (const given of [['--exclude-checks', 'envelope'], ['--checks', 'envelope'], ['--max-failures', '1'], ['--dry-run']]) {
      expect(refusal([...replay, ...given]).message, given[0]).toContain(`--replay and ${given[0]} contradict each other`);
    }
  });
});
