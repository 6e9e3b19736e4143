import { expect, it } from 'vitest';
import type { CheckCatalogue } from '../../src/checks/catalogue.js';
import { allChecks, alwaysRun } from '../../src/checks/index.js';
import { allFlows } from '../../src/flows/index.js';
import { modelRules } from '../../src/model/index.js';

/** The catalogue as the modules state it: the checks, the flows, and the model's rules, which its flows report. */
function currentCatalogue(): CheckCatalogue {
  return {
    entries: [
      ...allChecks.map(({ id, rule, quote, severity, title }) => ({ id, kind: 'check' as const, rule, quote, severity, title })),
      ...allFlows.map(({ id, rule, quote, severity, title }) => ({ id, kind: 'flow' as const, rule, quote, severity, title })),
      ...modelRules.map(({ id, rule, quote, severity, title }) => ({ id, kind: 'flow' as const, rule, quote, severity, title })),
    ],
    alwaysRun: alwaysRun.map(({ check, why }) => ({ id: check.id, why })),
  };
}

it('src/checks/catalogue.json holds every check, flow and rule of the model as their modules state them (after a change, npm run check-catalogue writes it)', async () => {
  await expect(`${JSON.stringify(currentCatalogue(), null, 2)}\n`).toMatchFileSnapshot('../../src/checks/catalogue.json');
});
