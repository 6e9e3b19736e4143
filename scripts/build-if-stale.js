// Builds dist/ (`npm run build`) only when a source is newer than the last build (the mark
// scripts/build.js leaves, dist/.built, however it was started: npm ci's prepare, npm run build, a
// start), so a start after the first pays for no compilation. Sources are src/, suites/, schemas/, the build scripts and the
// TypeScript settings; a folder's own time counts too, as deleting a file changes it. `npm start`
// calls it in the kit's own process (scripts/start.js); `npm run bench` runs it as a script.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const stamp = join(root, 'dist', '.built');
const inputs = ['src', 'suites', 'schemas', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true })) newest = Math.max(newest, statSync(join(path, entry)).mtimeMs);
  return newest;
}

export function buildIfStale() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : -Infinity;
  const sources = Math.max(
    ...inputs
      .map((input) => join(root, input))
      .filter(existsSync)
      .map(newestChange),
  );
  if (sources < built) return;
  build('inherit');
}

/**
 * `npm run build`, which leaves its mark (dist/.built) for the next check to compare with. `stdio`
 * as execFileSync takes it: 'pipe' keeps the compiler's output off the console, on the error thrown
 * when the build fails.
 */
export function build(stdio) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.js')], { stdio });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
