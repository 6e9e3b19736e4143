import { allChecks } from '../../src/checks/index.js';
import type { Exchange } from '../../src/checks/types.js';
import { judge } from '../../src/engine/judging/judge.js';
import { createValidator } from '../../src/validation/validator.js';

const validator = createValidator();

/** Every check's findings on these exchanges, as `severity check instancePath` lines. */
export function findingsOn(...exchanges: Exchange[]): string[] {
  return judge(exchanges, allChecks, { validator }).causes.flatMap(({ check, samples }) =>
    samples.map(({ finding }) => `${check.severity} ${check.id} ${finding.instancePath}`),
  );
}
