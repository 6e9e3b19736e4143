import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderChecksDoc } from '../doc-generator/checks-doc.js';
import { describeMutants, sampleFaults, sampleShard } from './mutation-suite.js';

/** docs/checks.md cut at its entries: the head, then each `## \`id\`` entry by its id. */
function entriesOf(doc: string): { head: string; entries: Map<string, string> } {
  const [head = '', ...rest] = doc.split(/\n(?=## `)/);
  return { head, entries: new Map(rest.map((entry) => [/^## `([^`]+)`/.exec(entry)?.[1] ?? entry, entry])) };
}

/**
 * The sample faults of docs/checks.md, shard `index` of `count`: each run under the first seed, and
 * the entries of the checks they trip compared with the committed doc; the first shard also compares
 * the head, the order of the entries and the entries no sample fault trips. Shards let the test
 * workers share the 130-odd runs the doc's samples take.
 */
export function describeChecksDocShard(index: number, count: number): void {
  const chosen = sampleShard(index, count);
  describeMutants(
    `mutation testing: the first fault of each check and flow, whose failure docs/checks.md shows (shard ${index + 1} of ${count})`,
    chosen,
    0,
    (verdicts) => {
      it("docs/checks.md's entries of these checks are what the check modules and their faults give today (run npm run docs to update it)", () => {
        const committed = entriesOf(readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8'));
        const rendered = entriesOf(
          renderChecksDoc(
            verdicts()
              .map((verdict) => verdict.bySeed[0])
              .filter((result) => result !== undefined),
          ),
        );
        const ours = new Set(chosen.map((fault) => fault.expect.check));
        const untripped = [...rendered.entries.keys()].filter((id) => !sampleFaults.some((fault) => fault.expect.check === id));
        const compared = [...rendered.entries.keys()].filter((id) => ours.has(id) || (index === 0 && untripped.includes(id)));
        if (index === 0) {
          expect(committed.head).toBe(rendered.head);
          expect([...committed.entries.keys()]).toEqual([...rendered.entries.keys()]);
        }
        for (const id of compared) expect(committed.entries.get(id), id).toBe(rendered.entries.get(id));
      });
    },
  );
}
