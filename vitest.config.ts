import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/support/slow-first-sequencer.js';
import { globsOf, tiers } from './test/tiers.js';

const e2e = globsOf(tiers.e2e);
const integration = globsOf(tiers.integration);
const sweep = globsOf(tiers.sweep);

// A guard against a hang, not a measure of speed: every wait in these tests is bounded by what it
// waits for (a request's own timeout, a server closed), and a busy machine must not fail them.
const HANG_GUARD_MS = 600_000;

/**
 * The kit's tests in four tiers (test/tiers.ts; the conformance suites under suites/ are run by the
 * CLI, npm start). `npm test` runs unit and integration; `npm run test:slow` runs e2e and sweep;
 * `npm run test:all` runs every tier. docs/development.md says what each holds.
 */
export default defineConfig({
  test: {
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    // One worker more than cores: the clean variants' file spends most of its time waiting on a server
    // that answers slowly on purpose, and the extra worker uses the core it leaves idle.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...e2e, ...integration, ...sweep], isolate: false } },
      { extends: true, test: { name: 'integration', include: integration, exclude: e2e, isolate: false } },
      { extends: true, test: { name: 'e2e', include: e2e, globalSetup: ['test/support/build-dist.ts'] } },
      { extends: true, test: { name: 'sweep', include: sweep } },
    ],
  },
});
