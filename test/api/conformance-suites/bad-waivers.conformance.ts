import { defineConformanceSuites } from '../../../src/api/vitest.js';

// The waivers file does not exist: a kit error, which no test can pass over.
defineConformanceSuites({
  baseUrl: 'http://127.0.0.1:1',
  token: 'a-long-token-for-the-adapter-0123456789',
  only: ['custom-demand-list'],
  runs: 1,
  waivers: 'no-such-waivers-file.json',
});
