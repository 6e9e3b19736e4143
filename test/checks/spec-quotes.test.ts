import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { allFlows } from '../../src/flows/index.js';
import { modelRules } from '../../src/model/index.js';
import { referenceMapFlows, referenceModelFlows } from '../mutation-set/run-against.js';

/** The spec as the project ships it: the authority every quote is checked against. */
const spec = readFileSync(new URL('../../docs/spec/open-trading-platform-api.md', import.meta.url), 'utf8');

/** Passages from different places of the spec are joined by " … " in one quote. */
const passages = (quote: string) => quote.split(' … ');

describe('every check and flow quotes the spec verbatim (guide rule 2)', () => {
  it('the shipped spec is the whole document', () => {
    expect(spec.startsWith('# Open Trading Platform API Specification')).toBe(true);
    expect(spec).toContain('## 9. Versioning');
  });

  for (const check of [...allChecks, ...allFlows, ...referenceMapFlows(0), ...modelRules, ...referenceModelFlows()]) {
    it(`${check.id} (${check.severity}): each passage of its quote is in the spec`, () => {
      const missing = passages(check.quote).filter((passage) => passage.trim() === '' || !spec.includes(passage));
      expect(missing).toEqual([]);
    });
  }

  it('an error quotes a sentence that says what must hold, not one that says the spec is silent', () => {
    const silent = allChecks
      .filter((check) => check.severity === 'error')
      .filter((check) => passages(check.quote).every((passage) => / not shown\.?$/.test(passage)))
      .map((check) => check.id);
    expect(silent).toEqual([]);
  });
});
