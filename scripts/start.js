// `npm start`: dist/ built first when a source changed since the last build, then the kit, in one
// process (a second Node process for the check alone would cost more than the check).
//
// Its command line sets what V8 reads only as the process starts:
// - --max-semi-space-size=2: the main thread's young generation, as src/run/suite-heap.ts sets the
//   suite worker's.
// - --v8-pool-size=0: V8's background threads (optimising compiles, parts of the collections) one
//   fewer than the cores instead of four. The run keeps two threads busy, the embedded server's and
//   the suites'; on two cores, four more threads took turns on them and made the default run some
//   10% slower.
// - --interrupt-budget=270336: a function runs four times as long as Node 20's default before it is
//   optimised. A run lasts seconds and calls most of its code a few hundred times: the optimising
//   compiles it saves cost more than the faster code would win back (about a tenth of the run's CPU
//   and wall time, in alternating runs on two cores).
import { buildIfStale } from './build-if-stale.js';

buildIfStale();
await import('../bin/otp-conformance.js');
