import { describeMutants, faultShard } from '../support/mutation-suite.js';

describeMutants(
  'mutation testing: faults of the set, shard 4 of 4, under the first seed, and every seed where the seed draws their trigger',
  faultShard(3, 4),
  'first',
);
