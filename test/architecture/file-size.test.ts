import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot, sourceFiles } from './import-graph.js';

const MAX_LINES = 600;

it(`no source file of src/ or suites/ is over ${MAX_LINES} lines`, () => {
  const long = sourceFiles(['src', 'suites'])
    .map((file) => ({ file, lines: readFileSync(join(repoRoot, file), 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
