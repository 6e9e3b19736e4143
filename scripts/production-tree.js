// The packages the kit runs on: those its own dependencies reach, through dependencies and
// optional dependencies, resolved in package-lock.json as Node resolves them. `npm ci --omit=dev`
// installs more: a devDependency that a runtime package names as an optional peer (vite names tsx,
// esbuild, yaml and @types/node so) is kept. The GitHub Action installs, then removes those
// (`node scripts/production-tree.js --prune`), so a job's node_modules holds what runs, no more.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultRoot = fileURLToPath(new URL('../', import.meta.url));

/** The lock path that a `require(name)` from the package at `from` reaches, or undefined. */
function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** Lock paths (e.g. `node_modules/ajv`) of every package the kit's dependencies reach. */
export function productionPaths(root = defaultRoot) {
  const { packages } = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const reached = new Set();
  const queue = [''];
  while (queue.length > 0) {
    const from = queue.shift();
    const entry = packages[from];
    const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {})];
    for (const name of names) {
      const path = resolveInLock(packages, from, name);
      if (path && !reached.has(path)) {
        reached.add(path);
        queue.push(path);
      }
    }
  }
  return reached;
}

/** Lock paths of installed packages that the kit's dependencies do not reach. */
export function unreachedInstalled(root = defaultRoot) {
  const reached = productionPaths(root);
  const { packages } = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  return Object.keys(packages).filter((path) => path !== '' && !reached.has(path) && existsSync(join(root, path)));
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--prune') {
  for (const path of unreachedInstalled()) rmSync(join(defaultRoot, path), { recursive: true, force: true });
}
