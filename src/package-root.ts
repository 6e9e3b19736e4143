import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the kit's package.json — the checkout, or the installed package — whether this
 * module runs as TypeScript from src/ or compiled from dist/src/: the nearest folder above that
 * holds a package.json. Files shipped beside the code (schemas/, docs/spec/) are found from here.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const packageRoot: string = findPackageRoot();
