import type { RunSettings } from '../engine/schedule/settings.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { OperationResult } from '../engine/operation/run-operation.js';

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
  }
}
