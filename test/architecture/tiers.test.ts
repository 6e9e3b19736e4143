import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tierOf } from '../tiers.js';
import { repoRoot, sourceFiles } from './import-graph.js';

/** What only the built kit has: the bin, the compiled dist/, the CLI run as a child process. */
const BUILT = [/bin\/otp-conformance\.js/, /dist\/src\//, /support\/cli\.js/];

it('a test file that runs the built kit is in the e2e tier, the only one that builds it first', () => {
  const misplaced = sourceFiles(['test'])
    .filter((file) => file.endsWith('.test.ts') && tierOf(file) !== 'e2e')
    .filter((file) => BUILT.some((pattern) => pattern.test(readFileSync(join(repoRoot, file), 'utf8'))));
  expect(misplaced).toEqual([]);
});
