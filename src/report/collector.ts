import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { HeapShortage } from '../engine/schedule/heap-watch.js';
import { listenToProgress } from '../vitest-adapter/progress-channel.js';
import { announceStop, stopChannelName } from '../vitest-adapter/stop-channel.js';
import '../vitest-adapter/vitest-context.js';

/**
 * Reads each operation's result back from the suites (vitest task meta) as each test ends, so a
 * run stopped half-way still has what it did. A test that failed without a result, or a suite
 * that failed to load, is a fault of the kit, kept apart from deviations.
 */
export class ResultCollector implements Reporter {
  readonly results: OperationResult[] = [];
  readonly flows: FlowResult[] = [];
  readonly kitFailures: string[] = [];
  /** When the first suite had been collected (its imports done, the run's schedule started), and when the last test ended: performance.now(). */
  firstCollectedAt: number | undefined;
  lastEndedAt: number | undefined;
  /** Where the suites' schedule listens for a stop: provide it to them as `otpStop`. */
  readonly stopChannel = stopChannelName();
  private vitest: Vitest | undefined;
  private cancelled = false;
  private sentSoFar = 0;
  private readonly stopListening = listenToProgress((progress) => (this.sentSoFar = Math.max(this.sentSoFar, progress.sent)));

  constructor(
    private readonly onResult: (result: OperationResult | FlowResult) => void,
    /** The worker's heap ran short: its run is cancelled, and the results that follow are of work cut short. */
    private readonly onShortOfMemory: (shortage: HeapShortage) => void,
  ) {}

  /** Requests that left for the server, finished operations or not, as the suites last posted: what a stopped run says it sent. */
  get sent(): number {
    return this.sentSoFar;
  }

  /** Stops listening to the suites' progress: once the run is over. */
  close(): void {
    this.stopListening();
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    if (this.cancelled) void vitest.cancelCurrentRun('keyboard-input');
  }

  /**
   * Asks vitest to start no further test, and the suites' schedule to send nothing more and cut
   * what is in flight. Results that come in after this are left out: a test cut short by the cancel
   * would report the kit's own doing as the server's.
   */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    announceStop(this.stopChannel);
    void this.vitest?.cancelCurrentRun('keyboard-input');
  }

  onTestModuleCollected(): void {
    this.firstCollectedAt ??= performance.now();
  }

  onTestCaseResult(testCase: TestCase): void {
    this.lastEndedAt = performance.now();
    if (this.cancelled) return;
    const { otp, otpFlow, otpShortOfMemory } = testCase.meta();
    if (otpShortOfMemory) {
      this.onShortOfMemory(otpShortOfMemory);
      return;
    }
    if (otp) this.results.push(otp);
    if (otpFlow) this.flows.push(otpFlow);
    const result = otp ?? otpFlow;
    if (result) this.onResult(result);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.kitFailures.push(`${testModule.relativeModuleId}: ${error.message}`);
    for (const testCase of testModule.children.allTests()) {
      const { otp, otpFlow, otpShortOfMemory } = testCase.meta();
      if (otp || otpFlow || otpShortOfMemory) continue;
      const outcome = testCase.result();
      if (outcome.state === 'failed') {
        for (const error of outcome.errors) this.kitFailures.push(`${testCase.fullName}: ${error.message}`);
      }
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandledErrors) this.kitFailures.push(error.message ?? String(error));
  }
}
