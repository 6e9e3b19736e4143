/**
 * Which tier each test file belongs to, as data: a folder (ending in "/") or one file. vitest.config.ts
 * turns it into the projects; test/architecture/tiers.test.ts holds the files to it. Every file not
 * named here is a unit test.
 */
export const tiers = {
  /** The built kit as a user meets it: the only tier that builds dist/ first. */
  e2e: [
    'test/cli/',
    'test/package/',
    'test/api/host.test.ts',
    'test/api/conformance-suites.test.ts',
    'test/readme-commands.test.ts',
    'test/ci-examples.test.ts',
    'test/docs-commands.test.ts',
    'test/report/html.browser.test.ts',
    'test/report/har.test.ts',
    'test/report/merge.test.ts',
    'test/report/newcomer.test.ts',
    'test/traffic/har.test.ts',
    'test/reference/latency.test.ts',
    'test/validation/standalone.test.ts',
  ],
  /** The reference server in process: the engine's phases, flows, clean variants, the mutation set's first seed. */
  integration: [
    'test/engine/',
    'test/flows/',
    'test/model/',
    'test/coverage/',
    'test/mutation/',
    'test/no-false-alarm/',
    'test/reference/',
    'test/traffic/',
    'test/api/',
    'test/report/tested.test.ts',
  ],
  /** The mutation set under the other seeds. */
  sweep: ['test/sweep/'],
} as const;

export type Tier = keyof typeof tiers | 'unit';

/** The entries as vitest globs. */
export const globsOf = (entries: readonly string[]): string[] => entries.map((entry) => (entry.endsWith('/') ? `${entry}**/*.test.ts` : entry));

const holds = (entry: string, file: string) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

/** The tier of a test file (a path from the repository's root): e2e before integration, as the config excludes. */
export function tierOf(file: string): Tier {
  if (tiers.e2e.some((entry) => holds(entry, file))) return 'e2e';
  if (tiers.sweep.some((entry) => holds(entry, file))) return 'sweep';
  if (tiers.integration.some((entry) => holds(entry, file))) return 'integration';
  return 'unit';
}
