import { describeCleanReference, OTHER_SEEDS } from '../support/mutation-suite.js';

describeCleanReference(OTHER_SEEDS);
