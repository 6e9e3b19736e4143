import { readFileSync } from 'node:fs';
import type { Severity } from './types.js';

/** A check or flow as reports describe it. */
export interface CheckInfo {
  readonly id: string;
  readonly kind: 'check' | 'flow';
  readonly rule: string;
  readonly quote: string;
  readonly severity: Severity;
  readonly title: string;
}

/** A check that runs whatever --checks and --exclude-checks say, and why. */
export interface AlwaysRun {
  readonly id: string;
  readonly why: string;
}

/** catalogue.json: what the run's main thread needs to know of the checks, the flows and the model's rules. */
export interface CheckCatalogue {
  /** The checks, then the flows, then the model's rules, in the order `list` prints them. */
  readonly entries: readonly CheckInfo[];
  readonly alwaysRun: readonly AlwaysRun[];
}

/**
 * Every check, flow and rule of the model as data: what the run's main thread needs of them (the
 * ids --checks names, what report.json says of each) without loading their modules, some four
 * hundred that only the suites' worker runs; loaded before the run, they held back its start.
 * Written from the modules by `npm run check-catalogue`; test/architecture/check-catalogue.test.ts
 * holds it to them.
 */
const catalogue: CheckCatalogue = JSON.parse(readFileSync(new URL('./catalogue.json', import.meta.url), 'utf8'));

export const checkInfos: readonly CheckInfo[] = catalogue.entries;
export const alwaysRunChecks: readonly AlwaysRun[] = catalogue.alwaysRun;
