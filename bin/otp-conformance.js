#!/usr/bin/env node
// The kit ships as TypeScript; tsx compiles it on load, so the bin needs no build step. The
// dependencies are loaded first, before tsx's hooks are registered: they are plain JavaScript, and
// going through the hooks would cost a second and some 150 MB at every start.
await Promise.all(['vitest/node', 'undici', 'ajv/dist/2020.js', 'ajv-formats', 'fast-check', 'dotenv'].map((name) => import(name)));
const { register } = await import('tsx/esm/api');
register();
await import('../src/cli/main.ts');
