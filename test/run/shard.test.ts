import { describe, expect, it } from 'vitest';
import { groups } from '../../src/catalogue/groups.js';
import { operations } from '../../src/catalogue/operations.js';
import { groupsOfPart } from '../../src/run/shard.js';

const withWork = groups.map((group) => group.id).filter((group) => operations.some((op) => op.group === group));

describe('the groups of a part of a sharded run', () => {
  it('every part gets consecutive groups, sizes differing by one at most, none empty, each group once', () => {
    for (let total = 1; total <= withWork.length; total++) {
      const parts = Array.from({ length: total }, (_, index) => groupsOfPart(operations, { index: index + 1, total }));
      expect(parts.flat()).toEqual(withWork);
      const sizes = parts.map((part) => part.length);
      expect(Math.min(...sizes)).toBeGreaterThan(0);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('a whole run takes every group with a selected operation, in the order of section 1', () => {
    expect(groupsOfPart(operations, undefined)).toEqual(withWork);
  });
});
