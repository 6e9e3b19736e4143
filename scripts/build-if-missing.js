// The bin of a checkout builds dist/ when it is missing (a fresh clone, where `npm run conformance`
// is the first command), then runs the kit. Only when missing, never when stale: a build empties
// dist/ first, and every other process of the kit running from it at that moment (the kit's own
// tests start many at once) would lose the modules it has yet to load. `npm start` also rebuilds a
// stale dist/ (build-if-stale.js). An installed package has no scripts/: its dist/ ships with it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build-if-stale.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const main = join(root, 'dist', 'src', 'cli', 'main.js');
/** Held while one process builds: two builds at once would empty dist/ under each other. */
const lock = join(root, '.dist-building');
const WAIT_MS = 5 * 60_000;

const say = (line) => process.stderr.write(`otp-conformance: ${line}\n`);

/** Builds dist/ unless it is there (or another process built it meanwhile); false when the kit cannot run. */
export function buildIfMissing() {
  if (existsSync(main)) return true;
  if (!existsSync(join(root, 'node_modules', 'typescript'))) {
    say('dist/ is missing and cannot be built without the dependencies; run npm ci first.');
    return false;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!takeLock()) {
    if (Date.now() > deadline) {
      say(`another process has been building dist/ for ${WAIT_MS / 60_000} minutes; if none is, remove ${lock} and run npm run build.`);
      return false;
    }
    sleep(100);
  }
  try {
    // Another process may have built it while this one waited for the lock.
    if (existsSync(main)) return true;
    say('dist/ is missing: building it first (npm run build)…');
    try {
      build('pipe');
    } catch (error) {
      const first = `${error.stdout ?? ''}\n${error.stderr ?? ''}`.split('\n').find((line) => line.trim() !== '');
      say(`building dist/ failed${first ? ` (${first.trim()})` : ''}; run npm run build to see why.`);
      return false;
    }
    return true;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The lock, if no live process holds it; one left by a process that died is taken over. */
function takeLock() {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  if (holderDied()) rmSync(lock, { recursive: true, force: true });
  return false;
}

function holderDied() {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Not written yet: the holder has only just taken the lock.
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
