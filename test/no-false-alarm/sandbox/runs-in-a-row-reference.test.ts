import { describe } from 'vitest';
import { itPassesRunAfterRun, RUNS_IN_A_ROW } from '../../support/sandbox-runs.js';

/** The clean reference server as a sandbox that lives for months: earlier runs deleted records later runs would have asked for. */
describe('the same verdict run after run against one reference server', () => {
  itPassesRunAfterRun(undefined, RUNS_IN_A_ROW.everyday);
});
