import { describeModelFaults, describeRaceFaults } from '../support/model-faults.js';
import { OTHER_SEEDS } from '../support/mutation-suite.js';

describeModelFaults(OTHER_SEEDS);
describeRaceFaults(OTHER_SEEDS);
