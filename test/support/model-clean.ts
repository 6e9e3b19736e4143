import { describe, expect, it } from 'vitest';
import { RACE_CALLS, SEQUENCE_CALLS } from '../../src/model/index.js';
import { findVariant, type Variant, variants } from '../../src/reference/variants.js';
import { modelAgainst } from '../model/model-run.js';
import { line } from './kit.js';

const variant = (name: string): Variant => {
  const found = findVariant(name);
  if (!found) throw new Error(`The reference server has no variant ${name}.`);
  return found;
};

/**
 * Servers that make other choices where the spec leaves the answer open, each the clean case of a
 * rule of the model (docs/model.md): the model must say nothing of them, at any severity, under any
 * seed.
 */
const CLEAN_CASES: readonly { readonly name: string; readonly rule: string; readonly server: { readonly variant?: Variant } }[] = [
  { name: 'the clean reference server, whose edit of a consignee to the default clears the others’ flag', rule: 'model-others-untouched', server: {} },
  { name: 'values shown in other forms that say the same (normalised-values)', rule: 'model-created-shown', server: { variant: variant('normalised-values') } },
  {
    name: 'other codes, messages and extra fields on every record (alternative-conventions)',
    rule: 'model-edit-shown',
    server: { variant: variant('alternative-conventions') },
  },
  {
    name: 'a success envelope whose error object has null members (null-error-members)',
    rule: 'model-edit-shown',
    server: { variant: variant('null-error-members') },
  },
  { name: 'a deleted record’s lookup refused with HTTP 400 (bad-input-400)', rule: 'model-deleted-gone', server: { variant: variant('bad-input-400') } },
  {
    name: 'another client creating and deleting its own records between the reads (writes-alongside)',
    rule: 'model-read-changes-nothing',
    server: { variant: variant('writes-alongside') },
  },
  {
    name: 'another client sending the same create just before each (records-created-by-others)',
    rule: 'model-ids-distinct',
    server: { variant: variant('records-created-by-others') },
  },
  { name: 'lists oldest first (oldest-first)', rule: 'model-created-shown', server: { variant: variant('oldest-first') } },
  { name: 'a status of 0 lists every record (status-zero-lists-all)', rule: 'model-created-shown', server: { variant: variant('status-zero-lists-all') } },
  { name: 'ids counted from far away (ids-held-elsewhere)', rule: 'model-ids-distinct', server: { variant: variant('ids-held-elsewhere') } },
  {
    name: 'a rate limit that turns a request away with HTTP 429 the first time it is sent (rate-limited-retry-after)',
    rule: 'model-edit-accepted',
    server: { variant: variant('rate-limited-retry-after') },
  },
  {
    name: 'another client creating and deleting its own records between the counts around a refused write (writes-alongside)',
    rule: 'model-refused-changes-nothing',
    server: { variant: variant('writes-alongside') },
  },
  {
    name: 'a refused write answered with HTTP 400 and its envelope (bad-input-400)',
    rule: 'model-refused-changes-nothing',
    server: { variant: variant('bad-input-400') },
  },
];

/**
 * The one variant whose lists stay empty whatever is created (sparse-and-slow): a record created
 * and never listed is what model-created-shown reports, as the round trips do; the variant is quiet
 * only at the error level.
 */
const LISTS_NOTHING = 'sparse-and-slow';

/** Every other variant of the reference server, each a choice the spec leaves open. */
const OTHER_VARIANTS = variants.filter((candidate) => candidate.name !== LISTS_NOTHING && !CLEAN_CASES.some((clean) => clean.server.variant === candidate));

/**
 * The model against every variant of the reference server under these seeds: the first in
 * `npm test` (test/no-false-alarm/model-clean.test.ts), the other four in the sweep.
 */
export function describeModelClean(seeds: readonly number[]): void {
  describe(`no false alarm from the model, under the mutation seeds ${seeds.join(', ')}`, () => {
    for (const other of OTHER_VARIANTS) {
      it.concurrent(`${other.name} (${other.description}): no deviation under each seed`, async () => {
        for (const seed of seeds) {
          const { deviations } = await modelAgainst({ variant: other }, seed);
          expect(deviations.map(line), `seed ${seed}`).toEqual([]);
        }
      });
    }

    it.concurrent(`${LISTS_NOTHING}: a created record never listed is a warning, never an error`, async () => {
      const { deviations } = await modelAgainst({ variant: variant(LISTS_NOTHING) }, seeds[0] ?? 0);
      expect(new Set(deviations.map((deviation) => `${deviation.severity} ${deviation.check}`))).toEqual(new Set(['warning model-created-shown']));
    });

    for (const clean of CLEAN_CASES) {
      it.concurrent(`${clean.rule}: ${clean.name} — no deviation under each seed`, async () => {
        for (const seed of seeds) {
          const { deviations } = await modelAgainst(clean.server, seed);
          expect(deviations.map(line), `seed ${seed}`).toEqual([]);
        }
      });
    }

    it('reaches a verdict against the clean reference server: every set of records completes its sequence', async () => {
      const { flows } = await modelAgainst({}, seeds[0] ?? 0);
      expect(flows.map((flow) => `${flow.flowId}: ${flow.reason ?? 'completed'}`)).toEqual(flows.map((flow) => `${flow.flowId}: completed`));
      // Where every answer agrees, each set runs its one sequence and its races: nothing is spent on shrinking.
      expect(flows.filter((flow) => flow.exchanges > SEQUENCE_CALLS + RACE_CALLS).map((flow) => `${flow.flowId}: ${flow.exchanges}`)).toEqual([]);
      expect(flows.map((flow) => flow.flowId).sort()).toEqual(
        [
          'model-alpha-order',
          'model-bank-card',
          'model-beta-order',
          'model-consignee',
          'model-consignment',
          'model-custom-demand',
          'model-invoice-profile',
          'model-member-profile',
          'model-purchase-order',
        ].sort(),
      );
    });
  });
}
