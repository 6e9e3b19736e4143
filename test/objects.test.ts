import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extend } from '../src/objects.js';

const objectsModule = fileURLToPath(new URL('../src/objects.ts', import.meta.url));

describe('extend', () => {
  it('is { ...base, ...extra }: the base members first, in order, then the new ones; a member of both takes the extra value', () => {
    const base = { request: 'r', response: 'a', durationMs: 1 };
    const extended = extend(base, { response: 'b', path: 'conforming:0' });
    expect(Object.entries(extended)).toEqual([
      ['request', 'r'],
      ['response', 'b'],
      ['durationMs', 1],
      ['path', 'conforming:0'],
    ]);
    expect(base).toEqual({ request: 'r', response: 'a', durationMs: 1 });
  });

  it('keeps a member named __proto__ a member, as JSON.parse made it', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const extended = extend(parsed, { b: 2 });
    expect(Object.keys(extended)).toEqual(['__proto__', 'a', 'b']);
    expect(Object.getPrototypeOf(extended)).toBe(Object.prototype);
    expect(JSON.stringify(extended)).toBe('{"__proto__":{"polluted":true},"a":1,"b":2}');
  });

  it('gives objects of one shape one hidden class, however often the code that makes them runs', () => {
    const script = `
      const { extend } = await import(${JSON.stringify(objectsModule)});
      const make = (i) => extend({ request: {}, durationMs: i / 10 }, { operation: 'op', path: 'conforming:' + i });
      let previous = make(0);
      let classes = 1;
      for (let i = 1; i < 3000; i++) {
        const next = make(i);
        if (!%HaveSameMap(next, previous)) classes++;
        previous = next;
      }
      console.log(classes);`;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(Number(run.stdout.trim())).toBeLessThanOrEqual(2);
  });
});
