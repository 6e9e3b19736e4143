import { writeFileSync } from 'node:fs';
import { runMutants, scoreLine } from '../mutation/mutation.js';
import { renderChecksDoc } from './checks-doc.js';

/** `npm run docs`: writes docs/checks.md from the checks and a mutation run for the sample failures. */
const score = await runMutants();
const file = new URL('../../docs/checks.md', import.meta.url);
writeFileSync(file, renderChecksDoc(score.results));
console.log(`docs/checks.md written (${scoreLine(score)})`);
