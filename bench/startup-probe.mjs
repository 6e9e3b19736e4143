// Run in a fresh process by bench/startup.ts: loads one piece of a compiled kit (the dist/ folder
// given) and prints, as one JSON line, how long it took. A fresh process per sample, so nothing is warm.
import { pathToFileURL } from 'node:url';

const [mode, distDir] = process.argv.slice(2);
const dist = pathToFileURL(`${distDir}/`);
const load = (module) => import(new URL(module, dist).href);
const at = () => performance.now();

if (mode === 'worker') {
  // What a suite worker loads: vitest is vitest's cost, measured apart; the kit's modules, then its validator.
  let start = at();
  await import('vitest');
  const vitestMs = at() - start;
  start = at();
  await load('src/suite/define-group-suite.js');
  const importMs = at() - start;
  const { sharedValidator } = await load('src/validation/validator.js');
  start = at();
  sharedValidator();
  const validatorMs = at() - start;
  console.log(JSON.stringify({ vitestMs, importMs, validatorMs }));
} else if (mode === 'run-modules' || mode === 'base-url-run-modules') {
  // Every module the CLI process of a run loads, up front or when it comes to need it (vitest's
  // node side, the report renderers), the reference server only without --base-url. Time since the process started.
  await load('src/config/resolve.js');
  await load('src/cli/run.js');
  await import('vitest/node');
  for (const renderer of ['html', 'junit', 'markdown']) await load(`src/report/${renderer}.js`);
  if (mode === 'run-modules') await load('src/reference/server.js');
  console.log(JSON.stringify({ sinceStartMs: at() }));
} else {
  throw new Error(`startup-probe: unknown mode ${mode}; use worker, run-modules or base-url-run-modules.`);
}
