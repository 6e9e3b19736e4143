import { describeChecksDocShard } from '../support/checks-doc-shard.js';

describeChecksDocShard(1, 2);
