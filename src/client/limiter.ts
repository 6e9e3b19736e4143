/**
 * At most `limit` slots taken at once; the rest wait in order. A task takes one slot, or `slots`
 * (requests pipelined on one connection are all in flight together), and never more than `limit`:
 * such a task would wait for ever, so the caller asks for no more than the limit. A task that
 * finds its slots free starts at once, with no promise of the limiter's own around it.
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>, slots?: number) => Promise<T> {
  let active = 0;
  const waiting: Array<{ readonly slots: number; readonly admit: () => void }> = [];
  const release = (slots: number) => {
    active -= slots;
    // In order: a task that waits for two slots is not overtaken by later tasks of one.
    for (let next = waiting[0]; next && active + next.slots <= limit; next = waiting[0]) {
      waiting.shift();
      active += next.slots;
      next.admit();
    }
  };
  /** Runs a task whose slots are counted already. */
  const start = <T>(task: () => Promise<T>, slots: number): Promise<T> => {
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      running = Promise.reject(error);
    }
    const done = () => release(slots);
    running.then(done, done);
    return running;
  };
  return (task, slots = 1) => {
    if (waiting.length > 0 || active + slots > limit) return new Promise<void>((admit) => waiting.push({ slots, admit })).then(() => start(task, slots));
    active += slots;
    return start(task, slots);
  };
}
