import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files whose work runs in a hook (a mutation file runs its faults before its tests read the
 * verdicts) or side by side, and so looks short to vitest's cache of durations, though each keeps a
 * worker busy the longest: they start first, so that the other files fill the other workers meanwhile.
 */
const LONGEST = ['/test/sweep/', '/test/mutation/checks-doc-', '/test/no-false-alarm/clean-variants.test.ts', '/test/mutation/'];

const rank = (spec: TestSpecification) => {
  const at = LONGEST.findIndex((part) => spec.moduleId.includes(part));
  return at === -1 ? LONGEST.length : at;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
