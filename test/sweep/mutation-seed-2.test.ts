import { faults } from '../mutation-set/faults/catalogue.js';
import { describeMutants } from '../support/mutation-suite.js';

describeMutants('mutation testing: every fault of the set under the mutation seed 2 of 5', faults, 1);
