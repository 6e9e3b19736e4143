import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeclarationGraph, isDeclared } from './declaration-files.js';

const emitDirs: string[] = [];
afterEach(() => {
  for (const dir of emitDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A graph over declaration files written as the printer writes them: path → text. */
function graphOf(files: Record<string, string>): DeclarationGraph {
  const emitDir = mkdtempSync(join(tmpdir(), 'otp-declaration-files-'));
  emitDirs.push(emitDir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(emitDir, file)), { recursive: true });
    writeFileSync(join(emitDir, file), text);
  }
  return new DeclarationGraph(emitDir);
}

const namesReferredTo = (graph: DeclarationGraph, file: string, name: string) =>
  graph.referredTo({ file, name }).map((found) => (isDeclared(found) ? `${found.file}#${found.name}` : `${found.module}:${found.name}`));

describe('declaration files read as text', () => {
  it('follows a renamed re-export, through an imported name exported again, to the declaration', () => {
    const graph = graphOf({
      'index.d.ts': "export type { Gated as Deviation } from './gate.js';\n",
      'gate.d.ts': "import type { Gated } from './inner.js';\nexport type { Gated };\n",
      'inner.d.ts': 'export type Gated = {\n    readonly waived?: boolean;\n};\n',
    });
    const binding = graph.exportsOf('index.d.ts').get('Deviation');
    expect(binding && graph.resolve(binding)).toEqual({ file: 'inner.d.ts', name: 'Gated' });
  });

  it('takes a property, parameter or method named like a declaration for a name, not a reference to it', () => {
    const graph = graphOf({
      'report.d.ts': [
        'export interface Report {',
        '    readonly slowestRequests?: readonly SlowRequest[];',
        '    listed(countsAgainst: number): Verdict;',
        '}',
        'export interface SlowRequest {',
        '    readonly ms: number;',
        '}',
        "export type Verdict = 'pass' | 'fail';",
        'export declare function slowestRequests(): SlowRequest[];',
        'export declare function listed(): void;',
        'export declare const countsAgainst: number;',
        '',
      ].join('\n'),
    });
    expect(namesReferredTo(graph, 'report.d.ts', 'Report')).toEqual(['report.d.ts#SlowRequest', 'report.d.ts#Verdict']);
  });

  it('reads a member of a namespace import, an inline import(…) and a name from another package', () => {
    const graph = graphOf({
      'a.d.ts': [
        "import type * as Shapes from './shapes.js';",
        "import type { Dispatcher } from 'undici';",
        'export interface Settings {',
        '    readonly shape: Shapes.Circle;',
        '    readonly target: import("./target.js").Target;',
        '    readonly dispatcher: Dispatcher;',
        '}',
        '',
      ].join('\n'),
      'shapes.d.ts': 'export interface Circle {\n    readonly r: number;\n}\n',
      'target.d.ts': 'export interface Target {\n    readonly url: string;\n}\n',
    });
    expect(namesReferredTo(graph, 'a.d.ts', 'Settings')).toEqual(['shapes.d.ts#Circle', 'undici:Dispatcher', 'target.d.ts#Target']);
  });

  it('finds the augmentations of other packages in the files an entry point loads, and only there', () => {
    const augmentation = "declare module 'vitest' {\n    interface ProvidedContext {\n        run: string;\n    }\n}";
    const graph = graphOf({
      'index.d.ts': "import './context.js';\nexport declare function run(): void;\n",
      'context.d.ts': `${augmentation}\nexport {};\n`,
      'elsewhere.d.ts': 'declare global {\n    var leaked: string;\n}\nexport {};\n',
    });
    expect(graph.augmentationsLoadedBy(['index.d.ts'])).toEqual([augmentation]);
  });

  it('throws on a statement of a form it cannot read, rather than leave it out', () => {
    const graph = graphOf({ 'index.d.ts': "export * from './all.js';\n" });
    expect(() => graph.exportsOf('index.d.ts')).toThrow(/cannot read yet/);
  });
});
