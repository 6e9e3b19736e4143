import { describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { notRunReason, stopEnding, stopLine } from '../../src/run/run-ending.js';

const config = resolveRunConfig(['--concurrency', '8'], {}, process.cwd());
const progress = { operations: { done: 3, total: 16 }, flows: { done: 0, total: 4 } };
const shortage = { usedMb: 20, limitMb: 108, parsingMb: 4 };

describe('a run whose suite worker ran short of memory', () => {
  it('says so, with what the heap held, how far the run got, and what to change', () => {
    const ending = stopEnding({ kind: 'out-of-memory', shortage, limitBy: 'user' }, progress, config);
    expect(ending).toMatchObject({ kind: 'out-of-memory', kitError: false });
    const reason = ending.kind === 'out-of-memory' ? ending.reason : '';
    expect(reason).toContain('ran short of memory (20 MB of a 108 MB heap in use, no room to parse an answer of 4 MB)');
    expect(reason).toContain('the heap limit given to Node (--max-old-space-size)');
    expect(reason).toContain('3 of 16 operations checked');
    expect(reason).toContain('NODE_OPTIONS=--max-old-space-size=1024');
    expect(reason).toContain('--concurrency 4');
    expect(reason).toContain('--max-body');
    expect(stopLine({ kind: 'out-of-memory', shortage, limitBy: 'user' }, config)).toContain('ran short of memory');
    expect(notRunReason(ending, undefined)).toBe('not run: the suite worker ran short of memory');
  });

  it('under the limit the kit sized itself, the kit failed: the reason names the options it was sized for', () => {
    const ending = stopEnding({ kind: 'out-of-memory', shortage: { usedMb: 700, limitMb: 768 }, limitBy: 'kit' }, progress, config);
    expect(ending).toMatchObject({ kind: 'out-of-memory', kitError: true });
    const reason = ending.kind === 'out-of-memory' ? ending.reason : '';
    expect(reason).toContain(`the heap limit the kit sized for --concurrency 8 and --max-body ${5 * 1024 * 1024}`);
    expect(reason).toContain('NODE_OPTIONS=--max-old-space-size=1536');
  });
});
