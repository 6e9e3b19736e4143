/**
 * At most `limit` tasks at once; the rest wait in order. A task that finds a free slot starts at
 * once, with no promise of the limiter's own around it.
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  const start = <T>(task: () => Promise<T>): Promise<T> => {
    active++;
    let running: Promise<T>;
    try {
      running = task();
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(release, release);
    return running;
  };
  return (task) => (active < limit ? start(task) : new Promise<void>((resolve) => waiting.push(resolve)).then(() => start(task)));
}
