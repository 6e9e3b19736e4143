#!/usr/bin/env node
// The kit ships as TypeScript; tsx compiles it on load, so the bin needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
