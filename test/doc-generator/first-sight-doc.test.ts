import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import { faults, plantedFaults, redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { isCaught } from '../mutation-set/planted-fault.js';
import { namesInOrderMet, roundsAtFirstSight } from '../mutation-set/first-sight.js';
import { renderRedTeamRoundsDoc } from './first-sight-doc.js';

describe('the planted faults and the red team rounds', () => {
  it('docs/red-team-rounds.md is what the red team faults and the record of their first sight give (run npm run docs to update it)', () => {
    const committed = readFileSync(new URL('../../docs/red-team-rounds.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRedTeamRoundsDoc());
  });

  it('names each planted fault once', () => {
    const names = plantedFaults.map((fault) => fault.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('records each red team fault once, in the round the fault names', () => {
    expect(namesInOrderMet.filter((name, index) => namesInOrderMet.indexOf(name) !== index)).toEqual([]);
    expect(redTeamFaults.map((fault) => fault.name)).toEqual(namesInOrderMet);
    for (const record of roundsAtFirstSight) {
      const named = redTeamFaults.filter((fault) => fault.redTeam.round === record.round).map((fault) => fault.name);
      expect(named, `round ${record.round}`).toEqual(record.seen.map(([name]) => name));
    }
  });

  it('places each red team fault at an operation of section 4 or 4.1, with the clause it breaks and what a client sees', () => {
    const documented = new Set([...operations, ...listedOperations].map((operation) => operation.id));
    for (const fault of redTeamFaults) {
      expect(documented.has(fault.operationId), fault.name).toBe(true);
      const { standard, clause, observable } = fault.redTeam;
      expect(
        [standard, clause, observable, fault.description].every((text) => text.length > 0),
        fault.name,
      ).toBe(true);
    }
  });

  it('holds in the mutation set every planted fault that names its check, and says why of each of the others', () => {
    expect(faults).toEqual(expect.arrayContaining(plantedFaults.filter(isCaught)));
    expect(faults.length).toBe(plantedFaults.filter(isCaught).length);
    const unseen = plantedFaults.flatMap((fault) => ('unseen' in fault.expect ? [fault.expect.unseen] : []));
    expect(unseen.every((reason) => reason.length > 0)).toBe(true);
  });
});
