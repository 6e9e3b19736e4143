import { describe, expect, it } from 'vitest';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { rateLimitedRetryAfter, recordsCreatedByOthers, type Variant, variants } from '../../src/reference/variants.js';
import { line } from '../support/kit.js';

/** Variants that make no choice the kit reports at any level: not even a warning or an info. */
const SILENT = [
  'alternative-conventions',
  'rate-limited-retry-after',
  'connection-close',
  'upper-case-content-type',
  'null-error-members',
  'lenient-authorization',
  'status-zero-lists-all',
  'normalised-values',
  'records-created-by-others',
  'oldest-first',
];

/**
 * Servers that make other choices where the spec leaves the answer open break no documented rule:
 * the kit must report no error against them (rule 1 of a trustworthy kit: no false alarms).
 */
describe('no false alarm against the clean variants of the reference server', () => {
  it('has the variants the kit must stay quiet against', () => {
    const names = variants.map((variant) => variant.name);
    expect(names).toEqual(expect.arrayContaining(['rate-limited-retry-after', 'connection-close', 'upper-case-content-type', 'bad-input-400', 'gzip-bodies']));
    expect(SILENT.filter((name) => !names.includes(name))).toEqual([]);
  });

  // One run per variant, a few side by side (a slow variant's waits overlap the others' work), each judged at every severity at once.
  // No clock of their own: each request is bounded only by the self-check's guard against a hang, which an answer that is coming never reaches.
  for (const variant of variants) {
    const silent = SILENT.includes(variant.name);
    it.concurrent(`${variant.name} (${variant.description}): no error${silent ? ', and no warning or info either' : ''}`, async () => {
      const { deviations } = await deviationsAgainst({ variant }, undefined, { runs: 4, hostileRuns: 10 });
      expect(deviations.filter((d) => silent || d.severity === 'error').map(line)).toEqual([]);
    });
  }

  it('rate-limited-retry-after does turn requests away, and the kit sends each again', async () => {
    let turnedAway = 0;
    const counting: Variant = {
      ...rateLimitedRetryAfter,
      wire() {
        const inner = rateLimitedRetryAfter.wire!();
        return {
          turnAway(req, res, body) {
            const refused = inner.turnAway!(req, res, body);
            if (refused) turnedAway++;
            return refused;
          },
        };
      },
    };
    const { deviations } = await deviationsAgainst({ variant: counting }, undefined, { runs: 4, hostileRuns: 10 });
    expect(turnedAway).toBeGreaterThan(20);
    expect(deviations.map(line)).toEqual([]);
  });

  it('records-created-by-others does add a second record beside each the run creates', async () => {
    const server = await startReferenceServer({ token: 'other-client', variant: recordsCreatedByOthers });
    try {
      const send = (path: string, body: unknown) =>
        fetch(`${server.url}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'bearerother-client' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ data: { list: Array<{ productPack: string }> } }>);
      await send('/pc/custom_demand/create', { type: 1, cas: '64-17-5', level: 'AR', nums: 2, pack: 'otp-twice', price: 128.5 });
      const { data } = await send('/pc/custom_demand/list', { pageSize: 10, status: 0 });
      expect(data.list.filter((demand) => demand.productPack === 'otp-twice')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('bad-input-400: the 400s are warnings on hostile calls only', async () => {
    const variant = variants.find((v) => v.name === 'bad-input-400')!;
    const { deviations } = await deviationsAgainst({ variant }, undefined, { runs: 4, hostileRuns: 10 });
    expect(deviations.length).toBeGreaterThan(0);
    expect(deviations.every((d) => d.check === 'http-status-client-error' && d.severity === 'warning' && d.intent === 'hostile')).toBe(true);
  });
});
