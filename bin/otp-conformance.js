#!/usr/bin/env node
// The kit runs compiled: `npm run build` writes dist/ (npm start, npm test and npm pack run it first).
// A checkout without dist/ (a fresh clone) builds it here first; an installed package ships it.
import { existsSync } from 'node:fs';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  const builder = new URL('../scripts/build-if-missing.js', import.meta.url);
  if (!existsSync(builder)) {
    console.error('otp-conformance: dist/ is missing from this installed package; install the package again.');
    process.exit(2);
  }
  const { buildIfMissing } = await import(builder.href);
  if (!buildIfMissing()) process.exit(2);
}
await import(main.href);
