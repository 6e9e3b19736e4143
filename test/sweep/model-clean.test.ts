import { describeModelClean } from '../support/model-clean.js';
import { OTHER_SEEDS } from '../support/mutation-suite.js';

describeModelClean(OTHER_SEEDS);
