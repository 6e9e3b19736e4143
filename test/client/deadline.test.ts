import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadline, TimeoutError } from '../../src/client/deadline.js';
import { classifyFailure } from '../../src/client/failures.js';

/** A request that only records why it was cut. */
function request() {
  const cuts: Error[] = [];
  return { cuts, cut: (reason: Error) => void cuts.push(reason) };
}

/** A wait the test ends when it says. */
function wait() {
  let end!: () => void;
  const promise = new Promise<void>((resolve) => (end = resolve));
  return { promise, end };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a request deadline', () => {
  it('cuts the request when its time is up, with a reason read as a timeout', () => {
    const bounded = request();
    new Deadline(300).start(bounded);
    vi.advanceTimersByTime(299);
    expect(bounded.cuts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bounded.cuts).toHaveLength(1);
    expect(bounded.cuts[0]).toBeInstanceOf(TimeoutError);
    expect(classifyFailure(bounded.cuts[0], 300, undefined)).toEqual({ kind: 'timeout', message: 'no complete response within 300 ms' });
  });

  it('does not count a wait it is paused for, and runs on with the time that was left', async () => {
    const bounded = request();
    const deadline = new Deadline(300);
    deadline.start(bounded);
    vi.advanceTimersByTime(100);
    const turn = wait();
    const resumed = deadline.pauseFor(turn.promise);
    vi.advanceTimersByTime(10_000);
    expect(bounded.cuts).toEqual([]);
    expect(deadline.elapsedMs()).toBe(100);
    turn.end();
    await resumed;
    vi.advanceTimersByTime(199);
    expect(bounded.cuts).toEqual([]);
    expect(deadline.elapsedMs()).toBe(299);
    vi.advanceTimersByTime(1);
    expect(bounded.cuts).toHaveLength(1);
  });

  it('once cleared, stops its clock and cuts nothing, even when a wait it was paused for ends later', async () => {
    const bounded = request();
    const deadline = new Deadline(300);
    deadline.start(bounded);
    const turn = wait();
    const resumed = deadline.pauseFor(turn.promise);
    vi.advanceTimersByTime(50);
    deadline.clear();
    turn.end();
    await resumed;
    vi.advanceTimersByTime(10_000);
    expect(bounded.cuts).toEqual([]);
    expect(deadline.elapsedMs()).toBe(0);
  });
});
