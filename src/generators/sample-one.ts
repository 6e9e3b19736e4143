import fc from 'fast-check';

/** The value fast-check draws from an arbitrary under a seed: what `fc.sample` with one run gives. */
export function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  for (const value of fc.sample(arbitrary, { seed, numRuns: 1 })) return value;
  // fc.sample draws exactly numRuns values.
  throw new Error('fast-check drew no value');
}
