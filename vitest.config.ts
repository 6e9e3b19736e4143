import { defineConfig } from 'vitest/config';

/** The kit's own tests. The conformance suites under suites/ are run by the CLI (npm start). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
