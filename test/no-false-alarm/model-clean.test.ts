import { describeModelClean } from '../support/model-clean.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

// The other four seeds: test/sweep/model-clean.test.ts.
describeModelClean([FIRST_SEED]);
