// Run in a fresh process by bench/startup.ts: loads one piece of a compiled kit (the dist/ folder
// given) and prints, as one JSON line, how long it took. A fresh process per sample, so nothing is warm.
import { pathToFileURL } from 'node:url';

const [mode, distDir] = process.argv.slice(2);
const dist = pathToFileURL(`${distDir}/`);
const at = () => performance.now();

if (mode === 'worker') {
  // What a suite worker loads: vitest is vitest's cost, measured apart; the kit's modules, then its validator.
  let start = at();
  await import('vitest');
  const vitestMs = at() - start;
  start = at();
  await import(new URL('src/suite/define-group-suite.js', dist).href);
  const importMs = at() - start;
  const { sharedValidator } = await import(new URL('src/validation/validator.js', dist).href);
  start = at();
  sharedValidator();
  const validatorMs = at() - start;
  console.log(JSON.stringify({ vitestMs, importMs, validatorMs }));
} else if (mode === 'run-modules') {
  // What the CLI loads before a run begins: its command module and what a run needs. Time since the process started.
  await import(new URL('src/cli/run.js', dist).href);
  await import(new URL('src/config/resolve.js', dist).href);
  console.log(JSON.stringify({ sinceStartMs: at() }));
} else {
  throw new Error(`startup-probe: unknown mode ${mode}; use worker or run-modules.`);
}
