import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Outcome {
  readonly name: string;
  readonly state: string;
  /** Each error's message, then its diff, where an expectation failed. */
  readonly errors: readonly string[];
}

/**
 * Runs one test file of test/api/conformance-suites/ in a vitest of its own, as a user's project
 * would run its file that calls defineConformanceSuites, and returns each test's outcome.
 */
async function runSuiteFile(file: string): Promise<Outcome[]> {
  const { startVitest } = await import('vitest/node');
  const outcomes: Outcome[] = [];
  const reporter = {
    onTestCaseResult(testCase: TestCase) {
      const result = testCase.result();
      outcomes.push({ name: testCase.fullName, state: result.state, errors: (result.errors ?? []).map((error) => `${error.message}\n${error.diff ?? ''}`) });
    },
  };
  // vitest sets the exit code of a run with failures: this file's own verdict is its assertions'.
  const exitCode = process.exitCode;
  try {
    const vitest = await startVitest('test', [], {
      config: false,
      root,
      include: [`test/api/conformance-suites/${file}`],
      watch: false,
      reporters: [reporter],
      pool: 'threads',
      maxWorkers: 1,
    });
    await vitest.close();
  } finally {
    process.exitCode = exitCode;
  }
  return outcomes;
}

describe('defineConformanceSuites goes through the run of otp-conformance run, in the test file’s own process', () => {
  it("reports a fault in the test of the operation that has it, and only there; the group's other tests pass", async () => {
    const outcomes = await runSuiteFile('faulty.conformance.ts');
    const list = outcomes.find((outcome) => outcome.name.endsWith('#1 /pc/custom_demand/list'));
    expect(list?.state).toBe('failed');
    expect(list?.errors.join('\n')).toContain('error data-schema /data/list/0/demandNumber');
    const others = outcomes.filter((outcome) => outcome !== list);
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((outcome) => outcome.state !== 'passed')).toEqual([]);
  });

  it('reports the defect of an operation the run could not verify, as the run fails on it: the body that is no JSON, not the missing verification', async () => {
    const outcomes = await runSuiteFile('html-error-page.conformance.ts');
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['failed']);
    expect(outcomes[0]?.errors.join('\n')).toContain('error json-body');
  });

  it("fails every test with the run's own reason when the target cannot be reached", async () => {
    const outcomes = await runSuiteFile('unreachable.conformance.ts');
    expect(outcomes.map((outcome) => outcome.name)).toEqual(['Custom demand orders > #1 /pc/custom_demand/list']);
    expect(outcomes[0]?.state).toBe('failed');
    expect(outcomes[0]?.errors.join('\n')).toMatch(/custom-demand-list was not checked: .*127\.0\.0\.1:1/);
  });

  it('fails every test with the kit error of a setup mistake, which says what to fix', async () => {
    const outcomes = await runSuiteFile('bad-waivers.conformance.ts');
    expect(outcomes.map((outcome) => outcome.state)).toEqual(['failed']);
    expect(outcomes[0]?.errors.join('\n')).toContain('no-such-waivers-file.json');
  });
});
