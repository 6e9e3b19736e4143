import { writeFileSync } from 'node:fs';
import { firstSeedResults, MUTATION_SEEDS, runMutants, scoreLine } from '../mutation-set/mutation.js';
import { renderChecksDoc } from './checks-doc.js';
import { renderRedTeamRoundsDoc } from './first-sight-doc.js';
import { renderRelationsDoc } from './relations-doc.js';
import { renderStandardsDoc } from './standards-doc.js';

/**
 * `npm run docs`: writes docs/checks.md from the checks and a mutation run (under the first seed)
 * for the sample failures, docs/standards.md from the requirements, the checks and the faults, and
 * docs/red-team-rounds.md from the red team's faults and the record of how the kit first met them,
 * docs/relations.md from the relation modules.
 */
writeFileSync(new URL('../../docs/standards.md', import.meta.url), renderStandardsDoc());
console.log('docs/standards.md written');
writeFileSync(new URL('../../docs/red-team-rounds.md', import.meta.url), renderRedTeamRoundsDoc());
console.log('docs/red-team-rounds.md written');
writeFileSync(new URL('../../docs/relations.md', import.meta.url), renderRelationsDoc());
console.log('docs/relations.md written');
const score = await runMutants(undefined, MUTATION_SEEDS.slice(0, 1));
writeFileSync(new URL('../../docs/checks.md', import.meta.url), renderChecksDoc(firstSeedResults(score)));
console.log(`docs/checks.md written (${scoreLine(score)})`);
