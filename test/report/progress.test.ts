import { describe, expect, it } from 'vitest';
import type { OperationResult } from '../../src/engine/operation/run-operation.js';
import type { RequestProgress } from '../../src/engine/schedule/request-count.js';
import type { RunningChecks } from '../../src/engine/schedule/run-plan.js';
import { Progress } from '../../src/report/progress.js';
import { postProgress } from '../../src/vitest-adapter/progress-channel.js';

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
    progress.close();
    // Two groups and the request line.
    expect(out).toContain('\u001b[3A');
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

  it('on a terminal: the requests answered while the run waits, and the slowest in flight, as the suites post them', async () => {
    let out = '';
    const progress = new Progress({ tty: true, write: (text) => (out += text) }, [{ group: 'custom-demand', tests: 1 }]);
    const posted: RequestProgress = { done: 812, queued: 1240, sent: 1236, slowest: { operation: '//pc/custom_demand/list', waitingMs: 1480 } };
    const stopPosting = postProgress({ progress: () => posted } as unknown as RunningChecks);
    stopPosting();
    await expect.poll(() => out).toContain('requests: 812 answered of 1240 sent so far · slowest in flight //pc/custom_demand/list (1.5 s)');
    progress.close();
  });

  it('a request answered within a second is not named', async () => {
    let out = '';
    const progress = new Progress({ tty: true, write: (text) => (out += text) }, [{ group: 'custom-demand', tests: 1 }]);
    postProgress({ progress: () => ({ done: 3, queued: 5, slowest: { operation: '//pc/custom_demand/list', waitingMs: 40 } }) } as unknown as RunningChecks)();
    await expect.poll(() => out).toContain('requests: 3 answered of 5 sent so far\n');
    progress.close();
  });
});
