#!/usr/bin/env node
// The kit runs compiled: `npm run build` writes dist/ (npm start, npm test and npm pack run it first).
import { existsSync } from 'node:fs';

const main = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('otp-conformance: dist/ is missing; in a checkout of the kit, run npm run build first.');
  process.exit(2);
}
await import(main.href);
