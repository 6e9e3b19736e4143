import { describeMutants, faultShard } from '../support/mutation-suite.js';

describeMutants('mutation testing: faults of the set, shard 1 of 4, under the first seed (the other four: test/sweep/)', faultShard(0, 4), 0);
