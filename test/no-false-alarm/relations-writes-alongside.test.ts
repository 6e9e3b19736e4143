import { describeRelationsAlongsideWrites } from '../support/relations-alongside-writes.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

// The other four seeds: test/sweep/relations-writes-alongside.test.ts.
describeRelationsAlongsideWrites([FIRST_SEED]);
