import { describe, expect, it } from 'vitest';
import { createPacer, retryAfterMs } from '../../src/client/pacing.js';

describe('--rate', () => {
  it('spaces request starts 1000/N ms apart', async () => {
    const waits: number[] = [];
    const pace = createPacer(10, { now: () => 0, sleep: async (ms) => waits.push(ms) })!;
    await Promise.all([pace(), pace(), pace(), pace()]);
    expect(waits).toEqual([100, 200, 300]);
  });

  it('has nothing to wait for without a rate', () => {
    expect(createPacer(undefined)).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and falls back to 1 s', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', Date.parse('Sun, 22 Nov 2026 10:00:00 GMT'))).toBe(5000);
    expect(retryAfterMs(undefined)).toBe(1000);
    expect(retryAfterMs('soon')).toBe(1000);
  });
});
