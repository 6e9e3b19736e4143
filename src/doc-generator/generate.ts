import { writeFileSync } from 'node:fs';
import { firstSeedResults, MUTATION_SEEDS, runMutants, scoreLine } from '../mutation/mutation.js';
import { renderChecksDoc } from './checks-doc.js';

/** `npm run docs`: writes docs/checks.md from the checks and a mutation run (under the first seed) for the sample failures. */
const score = await runMutants(undefined, MUTATION_SEEDS.slice(0, 1));
const file = new URL('../../docs/checks.md', import.meta.url);
writeFileSync(file, renderChecksDoc(firstSeedResults(score)));
console.log(`docs/checks.md written (${scoreLine(score)})`);
