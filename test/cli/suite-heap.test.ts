import { describe, expect, it } from 'vitest';
import { suiteHeapLimitMb } from '../../src/cli/suite-heap.js';

const MIB = 1024 * 1024;

describe('the heap limit of the suite workers', () => {
  it('is 1 GB with the default options: 8 request slots of 5 MiB bodies fit with room to spare', () => {
    expect(suiteHeapLimitMb({ concurrency: 8, maxBodyBytes: 5 * MIB })).toBe(1024);
  });

  it('grows with what the answers in flight can hold, so raising --concurrency or --max-body never makes it too small', () => {
    expect(suiteHeapLimitMb({ concurrency: 32, maxBodyBytes: 5 * MIB })).toBe(256 + 32 * 5 * 16);
    expect(suiteHeapLimitMb({ concurrency: 8, maxBodyBytes: 50 * MIB })).toBe(256 + 8 * 50 * 16);
  });
});
