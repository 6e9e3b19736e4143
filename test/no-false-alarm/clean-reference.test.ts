import { describeCleanReference, FIRST_SEED } from '../support/mutation-suite.js';

describeCleanReference([FIRST_SEED]);
