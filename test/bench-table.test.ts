import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHASE_TABLE_END, PHASE_TABLE_START, phaseTable, type PhaseRunFigures, withPhaseTable } from '../bench/phase-table.js';
import { type BenchFigures, performanceTable, TABLE_END, TABLE_START, withPerformanceTable } from '../bench/table.js';

const page = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
const figures = JSON.parse(readFileSync(new URL('../docs/bench.json', import.meta.url), 'utf8')) as BenchFigures;

describe("docs/performance.md's table", () => {
  it('is the one generated from docs/bench.json (npm run bench writes both)', () => {
    const table = page.slice(page.indexOf(TABLE_START), page.indexOf(TABLE_END) + TABLE_END.length);
    expect(table).toBe(performanceTable(figures));
  });

  it('says which targets are not met, and leaves out the sections a file lacks', () => {
    const table = performanceTable({ npmStart: { wallMs: 2500, requests: 2400, requestsPerSecond: 960, peakRssMb: 180 } });
    expect(table).toContain('< 2.0 s: **not met**');
    expect(table).toContain('< 200 MB: met');
    expect(table).not.toContain('quick pass');
  });

  it('a page without the markers is refused, not written half', () => {
    expect(() => withPerformanceTable('# no table here', {})).toThrow(/no performance table/);
  });
});

describe("docs/performance.md's phase table", () => {
  const phases = JSON.parse(readFileSync(new URL('../docs/phases.json', import.meta.url), 'utf8')) as PhaseRunFigures;

  it('is the one generated from docs/phases.json (npm run bench:phases writes both)', () => {
    const table = page.slice(page.indexOf(PHASE_TABLE_START), page.indexOf(PHASE_TABLE_END) + PHASE_TABLE_END.length);
    expect(table).toBe(phaseTable(phases));
  });

  it('names a phase that finds nothing alone with a bold 0, and a page without the markers is refused', () => {
    const alone = { phase: 'p', without: 'x: false', onlyIt: [], requestsWith: 100, requestsWithout: 90, wallMsWith: 50, wallMsWithout: 40 };
    expect(phaseTable({ seed: 1, faults: 2, found: 2, phases: [alone] })).toContain('| p (`x: false`) | **0** | 10 (10%) | 10 ms |');
    expect(() => withPhaseTable('# no table here', phases)).toThrow(/no phase table/);
  });
});
