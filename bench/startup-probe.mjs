// Run in a fresh process by bench/startup.ts: loads one piece of a compiled kit (the dist/ folder
// given) and prints, as one JSON line, how long it took: wall and CPU milliseconds (all threads).
// A fresh process per sample, so nothing is warm.
import { pathToFileURL } from 'node:url';

const [mode, distDir] = process.argv.slice(2);
const dist = pathToFileURL(`${distDir}/`);
const load = (module) => import(new URL(module, dist).href);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const now = () => ({ wall: performance.now(), cpu: cpuMs() });
const since = (start) => {
  const end = now();
  return { wallMs: end.wall - start.wall, cpuMs: end.cpu - start.cpu };
};

if (mode === 'worker') {
  // What a suite worker loads: vitest is vitest's cost, measured apart; the kit's modules, then its validator.
  let start = now();
  await import('vitest');
  const vitest = since(start);
  start = now();
  await load('src/vitest-adapter/define-group-suite.js');
  const kit = since(start);
  const { sharedValidator } = await load('src/validation/validator.js');
  start = now();
  sharedValidator();
  const validator = since(start);
  console.log(JSON.stringify({ vitest, kit, validator }));
} else if (mode === 'run-modules' || mode === 'base-url-run-modules') {
  // Every module the CLI process of a run loads, up front or when it comes to need it (vitest's
  // node side, the report renderers), the reference server only without --base-url; since the process started.
  await load('src/config/resolve.js');
  await load('src/run/run.js');
  await import('vitest/node');
  for (const renderer of ['html', 'junit', 'markdown']) await load(`src/report/${renderer}.js`);
  if (mode === 'run-modules') await load('src/reference/server.js');
  console.log(JSON.stringify({ modules: { wallMs: performance.now(), cpuMs: cpuMs() } }));
} else {
  throw new Error(`startup-probe: unknown mode ${mode}; use worker, run-modules or base-url-run-modules.`);
}
