// The least a run whose suites are vitest suites can cost: vitest started as the kit's run starts it
// (one worker thread, no isolation, no config file) on one suite file with one empty test.
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';

const root = fileURLToPath(new URL('./vitest-floor/', import.meta.url));
const vitest = await startVitest('test', ['empty.suite.mjs'], {
  config: false,
  root,
  include: ['*.suite.mjs'],
  watch: false,
  reporters: [{}],
  pool: 'threads',
  maxWorkers: 1,
  isolate: false,
});
await vitest.close();
