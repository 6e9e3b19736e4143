import { describeRelationsAlongsideWrites } from '../support/relations-alongside-writes.js';
import { OTHER_SEEDS } from '../support/mutation-suite.js';

describeRelationsAlongsideWrites(OTHER_SEEDS);
