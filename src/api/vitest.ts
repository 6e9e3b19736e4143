import { groups } from '../catalogue/groups.js';
import { operations } from '../catalogue/operations.js';
import { resolveTypedOptions } from '../config/resolve.js';
import { KitError } from '../errors.js';
import { suiteSettings } from '../run/target.js';
import { defineGroupSuite } from '../vitest-adapter/define-group-suite.js';
import type { Options } from './options.js';

export type SuiteOptions = Omit<Options, 'reportDir' | 'label' | 'maxFailures'> & { readonly baseUrl: string; readonly token: string };

/**
 * Registers the kit's group suites in the calling vitest test file: one test per operation and per
 * stateful flow, against the server the options name, each failing on deviations at or above
 * failOn. Call it at the top level of a test file; nothing is written to disk.
 */
export function defineConformanceSuites(options: SuiteOptions): void {
  if (!options.baseUrl || !options.token) {
    throw new KitError('OTP_BAD_OPTION', 'defineConformanceSuites needs baseUrl and token: the server to check and the token it accepts.');
  }
  const config = resolveTypedOptions(options, options.cwd ?? process.cwd(), ['cwd']);
  if (config.maxFailures !== undefined || config.dryRun) {
    throw new KitError(
      'OTP_BAD_OPTION',
      "defineConformanceSuites registers tests for vitest to run: --max-failures and --dry-run belong to otp-conformance run; vitest's own --bail stops after failures.",
    );
  }
  const settings = suiteSettings(config, options.baseUrl, options.token);
  const selected = new Set([...operations.filter((op) => settings.operations.includes(op.id)), ...settings.mapped].map((op) => op.group));
  for (const group of groups) if (selected.has(group.id)) defineGroupSuite(group.id, settings);
}
