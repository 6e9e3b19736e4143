import { describeChecksDocShard } from '../support/checks-doc-shard.js';

describeChecksDocShard(0, 2);
