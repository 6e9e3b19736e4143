import { describeMutants, faultShard } from '../support/mutation-suite.js';

describeMutants('mutation testing: faults of the set, shard 4 of 4, under the first seed (the other four: test/sweep/)', faultShard(3, 4), 0);
