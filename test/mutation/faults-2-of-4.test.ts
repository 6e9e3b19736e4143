import { describeMutants, faultShard } from '../support/mutation-suite.js';

describeMutants('mutation testing: faults of the set, shard 2 of 4, under the first seed (the other four: test/sweep/)', faultShard(1, 4), 0);
