import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/client/limiter.js';

/** A task that runs until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the limiter', () => {
  it('never has more slots taken than its limit, a task of two slots counting two, and admits in order', async () => {
    const limit = createLimiter(2);
    const started: string[] = [];
    const tasks = { a: held(), pair: held(), b: held(), c: held() };
    const run = (name: keyof typeof tasks, slots = 1) =>
      limit(() => {
        started.push(name);
        return tasks[name].task();
      }, slots);
    const running = [run('a'), run('pair', 2), run('b'), run('c')];
    await settle();
    expect(started).toEqual(['a']);
    tasks.a.finish();
    await settle();
    // The pair takes both slots; b, behind it, does not overtake it.
    expect(started).toEqual(['a', 'pair']);
    tasks.pair.finish();
    await settle();
    expect(started).toEqual(['a', 'pair', 'b', 'c']);
    tasks.b.finish();
    tasks.c.finish();
    await Promise.all(running);
  });

  it('frees the slots of a task that throws or rejects', async () => {
    const limit = createLimiter(1);
    await expect(
      limit(() => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    await expect(limit(() => Promise.reject(new Error('rejected')))).rejects.toThrow('rejected');
    await expect(limit(() => Promise.resolve('free'))).resolves.toBe('free');
  });
});
