import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';

const source = (path: string) => readFileSync(new URL(`../../src/checks/${path}`, import.meta.url), 'utf8');
const data: Record<string, { rule: string; quote: string }> = JSON.parse(source('clauses.json'));

it('clauses.json holds exactly the clauses ClauseName names, each enforced by two checks or more', () => {
  const named = [...source('clauses.ts').matchAll(/^ {2}\| '([a-z0-9-]+)';?$/gm)].map((match) => match[1]);
  expect(Object.keys(data).sort()).toEqual(named.sort());
  for (const [name, { rule, quote }] of Object.entries(data)) {
    expect(allChecks.filter((check) => check.rule === rule && check.quote === quote).length, name).toBeGreaterThanOrEqual(2);
  }
});
