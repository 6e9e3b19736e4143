import { defineConformanceSuites } from '../../../src/api/vitest.js';

// Nothing listens on port 1 of 127.0.0.1: the run cannot check anything.
defineConformanceSuites({ baseUrl: 'http://127.0.0.1:1', token: 'a-long-token-for-the-adapter-0123456789', only: ['custom-demand-list'], runs: 1 });
