import { findOperation } from '../catalogue/operations.js';
import { runMutants, scoreLine } from './mutation.js';

/** `npm run mutation`: inject every fault into the reference server and show what the kit caught. */
const score = await runMutants();
for (const { fault, caughtBy } of score.results) {
  const where = findOperation(fault.operationId)!.path;
  const verdict = caughtBy ? 'caught ' : 'ESCAPED';
  console.log(`${verdict} ${fault.name.padEnd(34)} ${`${fault.expect.severity} ${fault.expect.check}`.padEnd(40)} ${where}`);
}
console.log(scoreLine(score));
process.exitCode = score.escaped.length === 0 ? 0 : 1;
