import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The repository root, two folders above this file. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Every .ts file under the given folders, as repository-relative paths with forward slashes. */
export function sourceFiles(folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) found.push(relative(repoRoot, full).split(sep).join('/'));
    }
  };
  for (const folder of folders) walk(join(repoRoot, folder));
  return found.sort();
}

/**
 * Comments and the inside of string and template literals are blanked (quotes kept), so that
 * an import written in a comment or a message is not taken for one; the specifier after
 * `from` or inside `import(…)` is then read from the original text at the same offsets.
 */
function blankCommentsAndStrings(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += c + text.slice(i + 1, j).replace(/[^\n]/g, ' ') + c;
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** `import … from '…'`, `export … from '…'`, `import '…'`, `import type …` and `import('…')`. */
const importForms = [/\b(?:import|export)\s[^;]*?\bfrom\s*(['"])/g, /\bimport\s*(['"])/g, /\bimport\s*\(\s*(['"])/g];

/** The module specifiers a source file imports, statically, dynamically or as types. */
export function importSpecifiers(text: string): string[] {
  const blanked = blankCommentsAndStrings(text);
  const specifiers: string[] = [];
  for (const form of importForms) {
    for (const match of blanked.matchAll(form)) {
      const open = match.index + match[0].length;
      const close = text.indexOf(match[1]!, open);
      specifiers.push(text.slice(open, close));
    }
  }
  return specifiers;
}

/** The repository file a relative specifier names (`./x.js` is `x.ts` under NodeNext), if any. */
function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(join(repoRoot, fromFile)), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')];
  const hit = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return hit === undefined ? undefined : relative(repoRoot, hit).split(sep).join('/');
}

/** File → the repository .ts files it imports. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const targets = importSpecifiers(text)
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined && target.endsWith('.ts'));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * Every strongly connected component with more than one member (or a node importing itself),
 * each as one cycle path through it, `a → b → … → a`, found by Tarjan's algorithm.
 */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** One closed path through a strongly connected component, by breadth-first search. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The top-level unit of src/ a file belongs to: `src/engine`, or `src/errors.ts` for a loose file. */
export function srcFolderOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'src') return undefined;
  return parts.length > 2 ? `src/${parts[1]}` : file;
}

/** The graph between top-level src/ folders, with the file imports behind each edge. */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): {
  edges: Map<string, string[]>;
  because: Map<string, string>;
} {
  const edges = new Map<string, Set<string>>();
  const because = new Map<string, string>();
  for (const [file, targets] of graph) {
    const from = srcFolderOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = srcFolderOf(target);
      if (to === undefined || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      const key = `${from} → ${to}`;
      if (!because.has(key)) because.set(key, `${file} imports ${target}`);
    }
  }
  return { edges: new Map([...edges].map(([k, v]) => [k, [...v].sort()])), because };
}
