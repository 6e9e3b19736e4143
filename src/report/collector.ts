import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { FlowResult } from '../engine/run-flow.js';
import type { OperationResult } from '../engine/run-operation.js';
import '../suite/vitest-context.js';

/**
 * Reads each operation's result back from the suites (vitest task meta). A test that failed
 * without a result, or a suite that failed to load, is a fault of the kit, kept apart from deviations.
 */
export class ResultCollector implements Reporter {
  readonly results: OperationResult[] = [];
  readonly flows: FlowResult[] = [];
  readonly kitFailures: string[] = [];

  constructor(private readonly onResult: (result: OperationResult | FlowResult) => void) {}

  onTestCaseResult(testCase: TestCase): void {
    const { otp, otpFlow } = testCase.meta();
    const result = otp ?? otpFlow;
    if (result) this.onResult(result);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const moduleResults: OperationResult[] = [];
    const moduleFlows: FlowResult[] = [];
    for (const error of testModule.errors()) this.kitFailures.push(`${testModule.relativeModuleId}: ${error.message}`);
    for (const testCase of testModule.children.allTests()) {
      const { otp, otpFlow } = testCase.meta();
      if (otp) moduleResults.push(otp);
      if (otpFlow) moduleFlows.push(otpFlow);
      if (otp || otpFlow) continue;
      const outcome = testCase.result();
      if (outcome.state === 'failed') {
        for (const error of outcome.errors) this.kitFailures.push(`${testCase.fullName}: ${error.message}`);
      }
    }
    this.results.push(...moduleResults);
    this.flows.push(...moduleFlows);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.kitFailures.push(error.message ?? String(error));
  }
}
