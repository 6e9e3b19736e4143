import { describe, expect, it } from 'vitest';
import type { OperationResult } from '../../src/engine/run-operation.js';
import { Progress } from '../../src/report/progress.js';

const result = (group: string, errors: number): OperationResult =>
  ({ group, exchanges: 10, deviations: Array.from({ length: errors }, () => ({ severity: 'error' })) }) as unknown as OperationResult;

describe('console progress', () => {
  it('on a terminal: one live line per group, redrawn in place', () => {
    let out = '';
    const progress = new Progress({ tty: true, write: (text) => (out += text) }, [
      { group: 'custom-demand', tests: 2 },
      { group: 'login', tests: 1 },
    ]);
    progress.advance(result('custom-demand', 1));
    expect(out).toContain('\u001b[2A');
    expect(out).toMatch(/… Custom demand orders\s+1\/2\s+10 requests\s+1 error, 0 warnings, 0 infos/);
  });

  it('in CI: a plain line when a group is done, nothing else', () => {
    let out = '';
    const progress = new Progress({ tty: false, write: (text) => (out += text) }, [{ group: 'custom-demand', tests: 2 }]);
    progress.advance(result('custom-demand', 0));
    expect(out).toBe('');
    progress.advance(result('custom-demand', 0));
    expect(out).toMatch(/^ {2}✓ Custom demand orders\s+2\/2\s+20 requests\s+0 errors, 0 warnings, 0 infos\n$/);
    expect(out).not.toContain('\u001b');
  });
});
