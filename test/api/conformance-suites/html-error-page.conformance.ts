import { afterAll } from 'vitest';
import { startReference } from '../../../src/api/reference.js';
import { defineConformanceSuites } from '../../../src/api/vitest.js';

// A reference server whose purchase order list answers an HTML page: a defect, and nothing of the list to verify.
const server = await startReference({ token: 'a-long-token-for-the-adapter-0123456789', fault: 'html-error-page' });
afterAll(() => server.close());
defineConformanceSuites({ baseUrl: server.url, token: server.token, only: ['purchase-order-list'], runs: 2, seed: 11 });
