import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importGraph, importSpecifiers, repoRoot, sourceFiles, srcFolderOf } from './import-graph.js';

const graph = importGraph(sourceFiles(['src', 'suites']));

describe('imports flow one way', () => {
  it('reads static, type-only, re-exported and dynamic imports, and not those in comments or strings', () => {
    const text = [
      "import { a } from './a.js';",
      "import type {\n  B,\n} from './b.js';",
      "export { c } from './c.js';",
      "import './d.js';",
      "const e = await import('./e.js');",
      "// import { f } from './f.js';",
      'const g = "import { g } from \'./g.js\'";',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
  });

  it('finds a cycle and names it', () => {
    const knot = new Map([
      ['src/x/a.ts', ['src/y/b.ts']],
      ['src/y/b.ts', ['src/x/a.ts']],
      ['src/z/c.ts', ['src/x/a.ts']],
    ]);
    expect(cycles(knot)).toEqual([['src/x/a.ts', 'src/y/b.ts', 'src/x/a.ts']]);
    expect(cycles(folderGraph(knot).edges)).toEqual([['src/x', 'src/y', 'src/x']]);
  });

  it('imports nothing of the tests: the mutation set and the doc generator stay out of the product', () => {
    const intoTests = [...graph].flatMap(([file, targets]) => targets.filter((target) => target.startsWith('test/')).map((target) => `${file} → ${target}`));
    expect(intoTests).toEqual([]);
  });

  it('has no cycle between files of src/ and suites/', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no cycle between the top-level folders of src/', () => {
    const { edges, because } = folderGraph(graph);
    const named = cycles(edges).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${because.get(`${cycle[i]} → ${to}`)})`)
        .join('; '),
    );
    expect(named).toEqual([]);
  });
});

/** A row of ARCHITECTURE.md's table: its layer, the units it names, and what it may import. */
interface LayerRow {
  readonly layer: number;
  readonly units: readonly string[];
  /** `src/` units; undefined for "everything". */
  readonly mayImport: readonly string[] | undefined;
}

function architectureTable(): LayerRow[] {
  const text = readFileSync(join(repoRoot, 'ARCHITECTURE.md'), 'utf8');
  return [...text.matchAll(/^\| (\d+) \| (.+?) \| .+ \| (.+?) \|$/gm)].map((match) => ({
    layer: Number(match[1]),
    units: [...match[2]!.matchAll(/`([^`]+)`/g)].map((unit) => unit[1]!.replace(/\/$/, '')),
    mayImport: match[3] === 'everything' ? undefined : match[3] === '—' ? [] : match[3]!.split(', ').map((name) => `src/${name}`),
  }));
}

describe("ARCHITECTURE.md's table", () => {
  const rows = architectureTable();
  const rowOf = new Map(rows.flatMap((row) => row.units.map((unit) => [unit, row] as const)));
  const leaves = new Set(rows.filter((row) => row.layer === 0).flatMap((row) => row.units));
  const { edges } = folderGraph(graph);
  const units = [...new Set([...graph.keys()].map(srcFolderOf).filter((unit) => unit !== undefined))].sort();

  it('has a row for every folder and loose file of src/', () => {
    expect(units.filter((unit) => !rowOf.has(unit))).toEqual([]);
  });

  it('lets each row import only rows of lower layers', () => {
    const upward = rows.flatMap((row) =>
      (row.mayImport ?? []).filter((target) => (rowOf.get(target)?.layer ?? Infinity) >= row.layer).map((target) => `${row.units[0]} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('matches the imports: each folder imports exactly what its row\'s "may import" lists', () => {
    const differing = units.flatMap((unit) => {
      const allowed = rowOf.get(unit)?.mayImport;
      if (allowed === undefined) return [];
      const actual = (edges.get(unit) ?? []).filter((target) => !leaves.has(target));
      const expected = [...allowed].sort();
      return actual.join() === expected.join() ? [] : [`${unit} imports [${actual.join(', ')}], its row lists [${expected.join(', ')}]`];
    });
    expect(differing).toEqual([]);
  });
});
