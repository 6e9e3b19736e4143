import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviationKey } from '../../src/engine/judging/deviation.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { mergeReports } from '../../src/report/merge.js';
import type { Report } from '../../src/report/report.js';
import type { RunShape } from '../../src/report/run-shape.js';
import { reportAgainst } from '../support/report.js';
import { kitErrorOf } from '../support/kit-error.js';

const options: RunShape = {
  authScheme: 'bearer-no-space',
  runs: 4,
  hostileRuns: 20,
  coveragePass: true,
  authProbes: true,
  httpProbes: true,
  stateful: true,
  readOnly: false,
  operations: ['purchase-order-list', 'bank-card-list'],
  timeoutMs: 400,
  maxBodyBytes: 262144,
  failOn: 'error',
};

const dir = mkdtempSync(join(tmpdir(), 'otp-merge-'));
let count = 0;
const write = (report: unknown): string => {
  const file = join(dir, `part-${++count}.json`);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

let first: Report;
let second: Report;
beforeAll(async () => {
  first = { ...(await reportAgainst(['purchase-order-list'], findFault('html-error-page'))), shard: { index: 1, total: 2 }, options };
  second = { ...(await reportAgainst(['bank-card-list'])), shard: { index: 2, total: 2 }, options };
});

describe('merge checks that the parts make one run', () => {
  it('parts 1/2 and 2/2 of one run: merged, the shard gone, the deviations of both', () => {
    const merged = mergeReports([write(first), write(second)]);
    expect(merged.shard).toBeUndefined();
    expect(merged.operations.map((op) => op.id).sort()).toEqual(['bank-card-list', 'purchase-order-list']);
    expect(merged.deviations.length).toBe(first.deviations.length + second.deviations.length);
    expect(merged.verdict).toBe('fail');
    // The run's slowest requests are drawn from every part's operations again, not kept from the first part.
    const slowestOfParts = [...first.slowestRequests!, ...second.slowestRequests!].map((call) => call.durationMs).sort((a, b) => b - a);
    expect(merged.slowestRequests!.map((call) => call.durationMs)).toEqual(slowestOfParts.slice(0, merged.slowestRequests!.length));
    for (const call of merged.slowestRequests!) expect([...first.slowestRequests!, ...second.slowestRequests!]).toContainEqual(call);
  });

  it('a flow one part left out and another ran is not skipped once merged; one no part ran is, once', () => {
    const flow = (flowId: string, group: string) => ({ flowId, group, title: flowId, reason: 'in another part of the run (--shard 1/2)' });
    const ran = {
      flowId: 'flow-demand-lifecycle',
      group: 'custom-demand',
      title: '…',
      operations: [],
      exchanges: 3,
      completed: true,
      durationMs: 1,
      errors: 0,
      warnings: 0,
      infos: 0,
    };
    const merged = mergeReports([
      write({ ...first, skippedFlows: [flow('flow-demand-lifecycle', 'custom-demand'), flow('flow-order-listed', 'alpha-orders')] }),
      write({ ...second, flows: [ran], skippedFlows: [flow('flow-order-listed', 'alpha-orders')] }),
    ]);
    expect(merged.skippedFlows?.map((skipped) => skipped.flowId)).toEqual(['flow-order-listed']);
    expect(mergeReports([write(first), write(second)]).skippedFlows).toBeUndefined();
  });

  it('parts that left out other checks are refused; the checks all parts left out stay listed once merged', () => {
    const leftOut = (id: string) => [{ id, kind: 'check' as const, reason: 'left out by --exclude-checks' }];
    const error = kitErrorOf(() => mergeReports([write({ ...first, excludedChecks: leftOut('envelope') }), write(second)]));
    expect(error.message).toContain('different check selections');
    expect(error.message).toContain('run every part with the same --checks or --exclude-checks');
    const merged = mergeReports([write({ ...first, excludedChecks: leftOut('envelope') }), write({ ...second, excludedChecks: leftOut('envelope') })]);
    expect(merged.excludedChecks).toEqual(leftOut('envelope'));
  });

  it('a part --max-failures stopped: the merged run is marked stopped early, with what every stopped part left unchecked', () => {
    const stopped = (operations: number) => ({ reason: 'max-failures' as const, after: 1, notChecked: { operations, flows: 0 } });
    const one = mergeReports([write(first), write({ ...second, stoppedEarly: stopped(2) })]);
    expect(one).toMatchObject({ status: 'fail', stoppedEarly: stopped(2) });
    const both = mergeReports([write({ ...first, stoppedEarly: stopped(1) }), write({ ...second, stoppedEarly: stopped(2) })]);
    expect(both.stoppedEarly).toEqual(stopped(3));
    expect(mergeReports([write(first), write(second)]).stoppedEarly).toBeUndefined();
  });

  it('a part missing: refused, naming it', () => {
    const error = kitErrorOf(() => mergeReports([write(first)]));
    expect(error.message).toContain('part 2/2 is missing');
  });

  it('a part given twice: refused, naming both files', () => {
    const [a, b] = [write(first), write(first)];
    const error = kitErrorOf(() => mergeReports([a, b, write(second)]));
    expect(error.message).toContain(`part 1/2 is given 2 times (${a}, ${b})`);
  });

  it('mismatched seeds, options or kit versions: refused, naming what differs', () => {
    expect(kitErrorOf(() => mergeReports([write(first), write({ ...second, seed: first.seed + 1 })])).message).toContain('different seeds');
    expect(kitErrorOf(() => mergeReports([write(first), write({ ...second, options: { ...options, runs: 5 } })])).message).toMatch(/differ in runs/);
    expect(kitErrorOf(() => mergeReports([write(first), write({ ...second, version: '0.0.9' })])).message).toContain('different kit versions');
    expect(kitErrorOf(() => mergeReports([write(first), write({ ...second, shard: { index: 2, total: 3 } })])).message).toContain('different shard counts');
  });

  it('a part that is not a report.json of a sharded run: the file and the field named', () => {
    const { shard: _shard, ...whole } = first;
    const file = write(whole);
    const error = kitErrorOf(() => mergeReports([file, write(second)]));
    expect(error.message).toContain(file);
    expect(error.message).toContain('field "shard" is missing');
    expect(error.message).not.toMatch(/\n/);
    expect(kitErrorOf(() => mergeReports([write({ ...first, seed: 'x' }), write(second)])).message).toMatch(/\/seed: must be integer/);
  });

  it('the command: a part missing is one line on stderr and exit 2', async () => {
    const result = await promisify(execFile)(process.execPath, [
      'bin/otp-conformance.js',
      'merge',
      '--report-dir',
      mkdtempSync(join(tmpdir(), 'otp-')),
      write(first),
    ]).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('part 2/2 is missing');
  });
});

describe('baselines compare what the run observed', () => {
  it('an entry whose check passed on its operation is fixed; one whose operation was not run is unobserved', async () => {
    const earlier = first.deviations[0]!;
    const gone = { ...earlier, operation: '/pc/purchase_order/list', check: 'data-schema', instancePath: '/data/list/0/status' };
    const elsewhere = { ...earlier, operation: '/pc/custom_demand/list', check: 'json-body', instancePath: '' };
    const baseline = new Map([gone, elsewhere].map((d) => [deviationKey(d), d]));
    const report = await reportAgainst(['purchase-order-list'], undefined, { baseline, baselineFile: 'baseline.json' });
    expect(report.operations[0]!.byCheck['data-schema']!.passed).toBeGreaterThan(0);
    expect(report.gate.baseline?.fixed.map((d) => d.operation)).toEqual(['/pc/purchase_order/list']);
    expect(report.gate.baseline?.unobserved?.map((d) => d.operation)).toEqual(['/pc/custom_demand/list']);
  });

  it('merged: fixed where one part saw it fixed, unobserved only where no part looked', async () => {
    const gone = { ...first.deviations[0]!, operation: '/pc/customer/bankCardList', check: 'data-schema', instancePath: '/data/list/0/id' };
    const nowhere = { ...gone, operation: '/pc/custom_demand/list' };
    const baseline = new Map([gone, nowhere].map((d) => [deviationKey(d), d]));
    const gate = { baseline, baselineFile: 'baseline.json' };
    const partOne = { ...(await reportAgainst(['purchase-order-list'], undefined, gate)), shard: { index: 1, total: 2 }, options };
    const partTwo = { ...(await reportAgainst(['bank-card-list'], undefined, gate)), shard: { index: 2, total: 2 }, options };
    expect(partOne.gate.baseline?.unobserved?.length).toBe(2);
    const merged = mergeReports([write(partOne), write(partTwo)]);
    expect(merged.gate.baseline?.fixed.map((d) => d.operation)).toEqual(['/pc/customer/bankCardList']);
    expect(merged.gate.baseline?.unobserved?.map((d) => d.operation)).toEqual(['/pc/custom_demand/list']);
  });
});
