import { describe } from 'vitest';
import { idsHeldElsewhere, writesAlongside } from '../../src/reference/variants.js';
import { itPassesRunAfterRun, RUNS_IN_A_ROW } from '../support/sandbox-runs.js';

// The first four runs of each row are in npm test: test/no-false-alarm/sandbox/.
describe.concurrent('the same verdict run after run, as a sandbox lives through the pushes of months', () => {
  describe('against one reference server', () => {
    itPassesRunAfterRun(undefined, RUNS_IN_A_ROW.sweep);
  });
  describe('against a server that holds none of the ids a client guesses', () => {
    itPassesRunAfterRun(idsHeldElsewhere, RUNS_IN_A_ROW.sweep);
  });
  describe('while another client writes', () => {
    itPassesRunAfterRun(writesAlongside, RUNS_IN_A_ROW.sweep);
  });
});
