import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Before any test file: `npm run build`, so the tests that run the bin or pack the package use
 * dist/ compiled from the sources under test, also when one test file is run alone.
 */
export default function buildDist(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.js', import.meta.url))], { stdio: 'inherit' });
}
