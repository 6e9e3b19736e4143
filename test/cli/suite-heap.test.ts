import { describe, expect, it } from 'vitest';
import { suiteHeapLimitMb } from '../../src/run/suite-heap.js';

const MIB = 1024 * 1024;

describe('the heap limit of the suite workers', () => {
  it('is 512 MB with the default options: two bodies at the cap parsed at once, six of 1 MiB beside them', () => {
    expect(suiteHeapLimitMb({ concurrency: 8, maxBodyBytes: 5 * MIB })).toBe(256 + (2 * 5 + 6 * 1) * 16);
  });

  it('grows with what the answers in flight can hold, so raising --concurrency or --max-body never makes it too small', () => {
    expect(suiteHeapLimitMb({ concurrency: 64, maxBodyBytes: 5 * MIB })).toBe(256 + (2 * 5 + 62 * 1) * 16);
    expect(suiteHeapLimitMb({ concurrency: 8, maxBodyBytes: 50 * MIB })).toBe(256 + (2 * 50 + 6 * 1) * 16);
    expect(suiteHeapLimitMb({ concurrency: 1, maxBodyBytes: 5 * MIB })).toBe(512);
  });
});
