import { reportedAt, runMutants, scoreLine } from './mutation.js';

/** `npm run mutation`: inject every fault into the reference server under every seed and show what the kit caught. */
const score = await runMutants();
for (const { fault, missedUnder } of score.verdicts) {
  const verdict = missedUnder.length === 0 ? 'caught ' : 'ESCAPED';
  const missed = missedUnder.length === 0 ? '' : `  missed under seed ${missedUnder.join(', ')}`;
  console.log(`${verdict} ${fault.name.padEnd(36)} ${`${fault.expect.severity} ${fault.expect.check}`.padEnd(40)} ${reportedAt(fault).path}${missed}`);
}
for (const { seed, detected } of score.detectedBySeed) console.log(`seed ${String(seed).padEnd(10)} ${detected}/${score.total} faults detected`);
console.log(scoreLine(score));
process.exitCode = score.escaped.length === 0 ? 0 : 1;
