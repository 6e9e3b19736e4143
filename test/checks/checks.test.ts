import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Check, Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { bodiesCases } from './cases/bodies.js';
import { callsCases } from './cases/calls.js';
import { headersCases } from './cases/headers.js';
import { hygieneCases } from './cases/hygiene.js';
import { pageCases } from './cases/page.js';
import { relationsCases } from './cases/relations.js';
import { transportCases } from './cases/transport.js';
import { judgeAsTheJudgeDoes } from '../support/run-check.js';

const validator = createValidator();

/** Each check's fixtures, from the file of its kind under test/checks/cases/. */
const cases = { ...bodiesCases, ...callsCases, ...headersCases, ...hygieneCases, ...pageCases, ...relationsCases, ...transportCases };

function run(check: Check, fixture: Exchange | Exchange[]) {
  const exchanges = Array.isArray(fixture) ? fixture : [fixture];
  if (check.scope === 'operation')
    return check.run(
      exchanges.map((exchange, rank) => recordOf(exchange, rank)),
      { validator },
    );
  return exchanges.flatMap((exchange) => judgeAsTheJudgeDoes(check, exchange, { validator }));
}

describe('every check has a fixture where it fires and one where it stays quiet', () => {
  it('covers every check', () => {
    expect(Object.keys(cases).sort()).toEqual(allChecks.map((check) => check.id).sort());
  });

  for (const check of allChecks) {
    const fixture = cases[check.id];
    if (!fixture) continue;
    it(`${check.id} fires at ${fixture.instancePath || 'the response'}`, () => {
      const findings = run(check, fixture.fires);
      expect(findings.map((f) => f.instancePath)).toContain(fixture.instancePath);
    });
    it(`${check.id} stays quiet on a conforming exchange`, () => {
      expect(run(check, fixture.quiet)).toEqual([]);
    });
  }
});

describe('check metadata', () => {
  it('ids are unique, kebab-case, and each names its rule and quotes the spec', () => {
    const ids = allChecks.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of allChecks) {
      expect(check.id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(check.rule.length).toBeGreaterThan(0);
      expect(check.quote.length).toBeGreaterThan(10);
    }
  });
});
