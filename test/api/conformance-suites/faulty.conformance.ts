import { afterAll } from 'vitest';
import { startReference } from '../../../src/api/reference.js';
import { defineConformanceSuites } from '../../../src/api/vitest.js';

// A reference server that leaves demandNumber out of the custom demand list's records, and nothing else.
const server = await startReference({ token: 'a-long-token-for-the-adapter-0123456789', fault: 'demand-field-missing' });
afterAll(() => server.close());
defineConformanceSuites({ baseUrl: server.url, token: server.token, only: ['custom-demand'], runs: 2, hostileRuns: 2, seed: 11 });
