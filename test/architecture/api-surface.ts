import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Declared, DeclarationGraph, isDeclared, keyOf } from './declaration-files.js';
import { repoRoot } from './import-graph.js';

/**
 * The library's API as a user sees it, for docs/api-surface.md: what each entry point of
 * package.json exports, as the declarations the build ships state it, and every declaration those
 * name, followed to the end. The whole closure rather than one level: a report's records are most
 * of what a user reads, and a field added three types below `Report` is as much a change to them.
 */

interface EntryPoint {
  /** As a user imports it: `otp-conformance/reference`. */
  readonly specifier: string;
  /** Its .d.ts file, relative to the emit directory. */
  readonly file: string;
}

/** The entry points package.json exports with types, their .d.ts under dist/ mapped to the emit directory. */
function entryPoints(): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { types?: string }> };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.types !== undefined
      ? [{ specifier: `${manifest.name}${subpath.slice(1)}`, file: target.types.replace(/^\.\/dist\//, '') }]
      : [],
  );
}

/** Emits the declarations the build ships (tsconfig.build.json) into a fresh directory: without comments, and unchecked, which `npm run typecheck` does. */
function emitDeclarations(): string {
  const emitDir = mkdtempSync(join(tmpdir(), 'otp-api-surface-'));
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const options = ['--emitDeclarationOnly', '--removeComments', '--noCheck', '--outDir', emitDir];
  execFileSync(process.execPath, [tsc, '-p', join(repoRoot, 'tsconfig.build.json'), ...options], { cwd: repoRoot, stdio: 'pipe' });
  return emitDir;
}

const HEADER = `# The library's API

What the entry points of the package export, as the compiler declares it for users
([Using the kit from code](library-api.md) says how to use them): each export with its kind and
declaration, then every declaration these name, followed to the end, so that a field added to a
report's record shows here too. Comments are left out; where a declaration shares its name with
another on this page, a comment above it says which file declares it.

\`npm run api-surface\` writes this page from the code, and \`test/architecture/api-surface.test.ts\`
fails while the two differ: a change to this page is a change to what users import, to be made on
purpose and reviewed as one.`;

const fence = (lines: readonly string[]) => ['```ts', ...lines, '```'].join('\n');
/** A statement as the page shows it: without the `export` and `declare` that every one of them would carry. */
const shown = (statement: string) => statement.replace(/^export /, '').replace(/^declare /, '');
/** The source file a .d.ts was emitted from. */
const sourceOf = (declared: Declared) => declared.file.replace(/\.d\.ts$/, '.ts');

/** docs/api-surface.md, from the declarations in `emitDir`. */
export function renderApiSurface(emitDir: string): string {
  const graph = new DeclarationGraph(emitDir);
  const entries = entryPoints().map((entry) => ({
    entry,
    exports: [...graph.exportsOf(entry.file)].map(([name, binding]) => {
      const declared = graph.resolve(binding);
      if (!isDeclared(declared)) throw new Error(`${entry.specifier} re-exports ${name} from the package ${declared.module}`);
      return { name, declared };
    }),
  }));

  const exported = entries.flatMap(({ exports }) => exports.map(({ declared }) => declared));
  const reached = new Map(exported.map((declared) => [keyOf(declared), declared]));
  const otherPackages = new Set<string>();
  const queue = [...exported];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const found of graph.referredTo(next)) {
      if (!isDeclared(found)) otherPackages.add(`\`${found.name}\` from \`${found.module}\``);
      else if (!reached.has(keyOf(found))) {
        reached.set(keyOf(found), found);
        queue.push(found);
      }
    }
  }
  const exportedKeys = new Set(exported.map(keyOf));
  const named = [...reached.values()]
    .filter((declared) => !exportedKeys.has(keyOf(declared)))
    .toSorted((a, b) => a.name.localeCompare(b.name) || a.file.localeCompare(b.file));

  const namesOnPage = [...entries.flatMap(({ exports }) => exports.map(({ name }) => name)), ...named.map((declared) => declared.name)];
  const shared = new Set(namesOnPage.filter((name, index) => namesOnPage.indexOf(name) !== index));
  const linesOf = (declared: Declared, exportedAs = declared.name) => [
    ...(exportedAs === declared.name ? [] : [`// exported as ${exportedAs}`]),
    ...(shared.has(declared.name) ? [`// ${sourceOf(declared)}`] : []),
    ...graph.declaration(declared).statements.map(shown),
  ];

  const sections = entries.map(({ entry, exports }) => {
    const table = ['| export | kind |', '|---|---|', ...exports.map(({ name, declared }) => `| \`${name}\` | ${graph.declaration(declared).kind} |`)];
    return [`## \`${entry.specifier}\``, table.join('\n'), fence(exports.flatMap(({ name, declared }) => linesOf(declared, name)))].join('\n\n');
  });
  const namedSection = [
    '## Declarations the exports name',
    fence(named.flatMap((declared) => linesOf(declared))),
    ...(otherPackages.size > 0 ? [`From other packages: ${[...otherPackages].sort().join(', ')}.`] : []),
  ].join('\n\n');
  const augmentations = graph.augmentationsLoadedBy(entries.map(({ entry }) => entry.file));
  const augmentationSection = ['## Types of other packages that loading the entry points changes', fence(augmentations)].join('\n\n');
  return [HEADER, ...sections, namedSection, ...(augmentations.length > 0 ? [augmentationSection] : [])].join('\n\n') + '\n';
}

/** docs/api-surface.md as the code stands: declarations emitted into a temporary directory, read, and removed. */
export function currentApiSurface(): string {
  const emitDir = emitDeclarations();
  try {
    return renderApiSurface(emitDir);
  } finally {
    rmSync(emitDir, { recursive: true, force: true });
  }
}
