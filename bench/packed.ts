import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './measure.js';

export interface PackedInstall {
  /** The empty project the package was installed into. */
  readonly project: string;
  /** Bytes of every file under the project's node_modules: what a user's install adds. */
  readonly installedBytes: number;
  remove(): void;
}

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
}

/** npm, with the caller's npm settings (its cache among them) but none of a surrounding `npm run`'s package context. */
function npm(args: readonly string[], cwd: string): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_package_') && !name.startsWith('npm_lifecycle_')));
  return execFileSync('npm', ['--no-audit', '--no-fund', '--loglevel=error', ...args], { cwd, env, encoding: 'utf8' });
}

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * `npm pack` of the checkout (dist/ built beforehand), installed into an empty project as a user
 * would install it — without the registry. npm resolves a bare install through the registry's
 * package lists, which are not cached, so the project gets a lockfile: the tarball, and the
 * checkout's own lock entries for every package that is not a devDependency. `npm ci --offline`
 * then takes each tarball from the npm cache, which the checkout's `npm ci` filled.
 */
export function installPacked(): PackedInstall {
  if (!existsSync(join(root, 'dist/src/index.js'))) throw new Error('dist/ is missing: run npm run build first.');
  const project = mkdtempSync(join(tmpdir(), 'otp-packed-'));
  try {
    const packDir = join(project, 'pack');
    mkdirSync(packDir);
    const tarballName = npm(['pack', '--ignore-scripts', '--pack-destination', packDir], root).trim().split('\n').at(-1)!;
    const tarball = `file:pack/${tarballName}`;
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
    const runtime = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev && !entry.link);
    const integrity = `sha512-${createHash('sha512')
      .update(readFileSync(join(packDir, tarballName)))
      .digest('base64')}`;
    const dependencies = { 'otp-conformance': tarball };
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true, type: 'module', dependencies }, null, 2));
    const kit = { version: manifest.version, resolved: tarball, integrity, dependencies: manifest.dependencies, bin: manifest.bin, engines: manifest.engines };
    const packages = { '': { name: 'empty-project', dependencies }, 'node_modules/otp-conformance': kit, ...Object.fromEntries(runtime) };
    writeFileSync(join(project, 'package-lock.json'), JSON.stringify({ name: 'empty-project', lockfileVersion: 3, requires: true, packages }, null, 2));
    npm(['ci', '--offline', '--ignore-scripts'], project);
    return { project, installedBytes: bytesUnder(join(project, 'node_modules')), remove: () => rmSync(project, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
}
