import { describe } from 'vitest';
import { itStaysQuietWhereStatusZeroListsAll } from '../support/lists-read-status-zero.js';
import { OTHER_SEEDS } from '../support/mutation-suite.js';

describe('no false alarm: a filter value that means "all"', () => {
  itStaysQuietWhereStatusZeroListsAll(OTHER_SEEDS);
});
