import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deviationKey } from '../../src/engine/judging/deviation.js';
import { KitError } from '../../src/errors.js';
import { applyGate } from '../../src/gate/gate.js';
import { readBaseline } from '../../src/gate/baseline.js';
import { readWaivers } from '../../src/gate/waivers.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { summaryText } from '../../src/report/console.js';
import { headline } from '../../src/report/headline.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { checkInfos } from '../../src/report/report.js';
import { defaultGate, reportAgainst } from '../support/report.js';

const write = (content: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'otp-gate-')), 'file.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const checks = checkInfos.map((c) => c.id);

describe('baselines', () => {
  it('matches by operation + check + instancePath, not by message text: new, still present, fixed', async () => {
    const earlier = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'));
    const reworded = earlier.deviations.map((d) => ({ ...d, message: 'worded otherwise' }));
    const baseline = readBaseline(write({ ...earlier, deviations: [...reworded, { ...reworded[0]!, check: 'gone-check' }] }));
    const { gate, deviations } = applyGate(earlier.deviations, { ...defaultGate, baseline, baselineFile: 'b.json', failOnNew: true });
    expect(deviations.every((d) => d.baseline === 'still-present')).toBe(true);
    expect(gate.baseline).toMatchObject({ new: 0, stillPresent: earlier.deviations.length });
    expect(gate.baseline?.fixed.map((f) => f.check)).toEqual(['gone-check']);
    expect(gate.failures).toEqual([]);
  });

  it('a new deviation fails a --fail-on-new run', async () => {
    const now = await reportAgainst(['purchase-order-list'], findFault('html-error-page'));
    const { gate, deviations } = applyGate(now.deviations, { ...defaultGate, baseline: new Map(), baselineFile: 'b.json', failOnNew: true });
    expect(deviations.some((d) => d.baseline === 'new')).toBe(true);
    expect(gate.failures[0]).toMatch(/new deviation/);
  });

  it('refuses a file that is not a report', () => {
    expect(() => readBaseline(write({ nope: true }))).toThrow(KitError);
    expect(() => readBaseline(write('{'))).toThrow(/baseline/);
  });
});

describe('waivers', () => {
  const entry = { check: 'json-body', operation: '/pc/purchase_order/list', reason: 'TICKET-1 gateway page', expires: '2027-01-31' };

  it('a waived deviation is shown as waived and does not fail the run', async () => {
    const report = await reportAgainst(['purchase-order-list'], findFault('html-error-page'));
    const { gate, deviations } = applyGate(report.deviations, {
      ...defaultGate,
      waivers: readWaivers(write({ waivers: [entry] }), checks),
      waiversFile: 'w.json',
    });
    const waived = deviations.filter((d) => d.check === 'json-body');
    expect(waived.length).toBeGreaterThan(0);
    expect(waived.every((d) => d.waived?.reason === 'TICKET-1 gateway page')).toBe(true);
    expect(gate.failures.join(' ')).not.toMatch(/json-body/);
  });

  it('an expired waiver fails the run with a message naming it', () => {
    const waivers = readWaivers(write({ waivers: [{ ...entry, expires: '2026-01-31' }] }), checks);
    const { gate } = applyGate([], { ...defaultGate, waivers, waiversFile: 'w.json' });
    expect(gate.failures).toEqual([
      'waiver for json-body at /pc/purchase_order/list expired on 2026-01-31 (TICKET-1 gateway page): renew it with a new date or fix the deviation',
    ]);
  });

  it.each([
    [{ waivers: [{ ...entry, owner: 'me' }] }, 'unknown key "owner"'],
    [{ waivers: [entry], extra: 1 }, 'unknown key "extra"'],
    [{ waivers: [{ ...entry, expires: 'soon' }] }, 'format'],
    [{ waivers: [{ ...entry, check: 'no-such-check' }] }, 'no-such-check'],
    [{ waivers: [{ ...entry, operation: '/pc/nowhere' }] }, '/pc/nowhere'],
    [{ waivers: [{ check: 'json-body', expires: '2027-01-01' }] }, 'reason'],
  ])('refuses %j, naming %s', (content, mention) => {
    expect(() => readWaivers(write(content), checks)).toThrow(mention);
  });

  it('matches deviations by key regardless of message', () => {
    const a = { operation: '/pc/x', check: 'data-schema', instancePath: '/data/list/3/status', severity: 'error' as const };
    expect(deviationKey(a)).toBe(deviationKey({ ...a, instancePath: '/data/list/0/status' }));
  });
});

describe('the headline counts the deviations the gate let pass', () => {
  const entry = { check: 'data-schema', operation: '/pc/purchase_order/list', reason: 'TICKET-2 status as text', expires: '2027-01-31' };
  const files = { json: 'report.json', junit: 'junit.xml', markdown: 'summary.md', html: 'report.html' };

  it('a pass with waived errors says how many in the headline, the --quiet line and summary.md', async () => {
    const report = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'), {
      waivers: readWaivers(write({ waivers: [entry] }), checks),
      waiversFile: 'w.json',
    });
    const waived = report.deviations.filter((d) => d.waived).length;
    expect(report.status).toBe('pass');
    expect(waived).toBeGreaterThan(0);
    expect(headline(report)).toContain(`; ${waived} waived`);
    expect(summaryText(report, files, 'quiet')).toContain(`${waived} waived`);
    expect(renderMarkdown(report)).toContain(`${waived} waived`);
  });

  it('a --fail-on-new pass counts the errors known from the baseline; without --fail-on-new they fail the run, and are not called known', async () => {
    const earlier = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'));
    const known = earlier.deviations.filter((d) => d.severity === 'error').length;
    const baseline = readBaseline(write(earlier));
    const again = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'), {
      baseline,
      baselineFile: 'b.json',
      failOnNew: true,
    });
    expect(again.status).toBe('pass');
    expect(headline(again)).toContain(`; ${known} known from the baseline`);
    const withoutNewOnly = await reportAgainst(['purchase-order-list'], findFault('purchase-order-status-string'), { baseline, baselineFile: 'b.json' });
    expect(withoutNewOnly.status).toBe('fail');
    expect(headline(withoutNewOnly)).not.toContain('known');
  });

  it('a clean pass names neither', async () => {
    const report = await reportAgainst(['purchase-order-list']);
    expect(headline(report)).not.toMatch(/waived|known/);
  });
});
