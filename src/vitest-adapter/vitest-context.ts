import type { RunSettings } from '../engine/schedule/settings.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { HeapShortage } from '../engine/schedule/heap-watch.js';

/** The run's settings cross from the CLI to the suite workers through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    otpRun: RunSettings;
    /** The channel a stop of the run comes on (stop-channel.ts); absent where no runner stops the suites. */
    otpStop?: string;
  }
  interface TaskMeta {
    /** The result of one operation, read back by the CLI's reporter. */
    otp?: OperationResult;
    /** The result of one stateful flow. */
    otpFlow?: FlowResult;
    /** The worker's heap ran short while the test waited: the run was cancelled, and this test has no result. */
    otpShortOfMemory?: HeapShortage;
  }
}
