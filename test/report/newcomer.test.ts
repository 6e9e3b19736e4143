import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { listText } from '../../src/cli/catalogue-commands.js';
import type { OperationResult } from '../../src/engine/operation/run-operation.js';
import type { GatedDeviation } from '../../src/gate/gate.js';
import { causesOf } from '../../src/report/causes.js';
import { summaryText } from '../../src/report/console.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { Progress } from '../../src/report/progress.js';
import type { Report } from '../../src/report/report.js';
import { sampleDeviations, sampleReport } from './fixture.js';

const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
const files = { json: 'reports/report.json', junit: 'reports/junit.xml', markdown: 'reports/summary.md', html: 'reports/report.html' };
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_')));

/** The same check at the same field of two operations, at two list indexes of one of them, and one other cause. */
function soCtimeEverywhere(): GatedDeviation[] {
  const [, alphaSoCtime] = sampleDeviations;
  return [
    { ...alphaSoCtime!, instancePath: '/data/list/0/soCtime', occurrences: 12 },
    {
      ...alphaSoCtime!,
      operation: '/openapi/beta/orders/getBetaOrders',
      operationId: 'beta-orders-list',
      instancePath: '/data/list/3/soCtime',
      occurrences: 4,
    },
    { ...alphaSoCtime!, severity: 'warning', check: 'envelope-extra-field', instancePath: '/extra', occurrences: 1 },
  ];
}

/** A warning, which under --fail-on error does not fail the run, at a check the fixture's alpha orders list has a case for. */
function warningAtAlphaOrders(): GatedDeviation {
  return { ...sampleDeviations[1]!, severity: 'warning', check: 'json-content-type', instancePath: '', baseline: undefined };
}

describe('what a newcomer trips on', () => {
  it('list shows the ids of the operations of 4.1, which operation maps, --only and waivers name', () => {
    const text = listText();
    for (const op of listedOperations) expect(text).toContain(` ${op.id} `);
  });

  it('serve --help prints the options of serve and exits 0', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'serve', '--help'], { env });
    expect(stdout).toContain('--inject FAULT');
  });

  it('serve prints its URL and token on separate, labelled lines', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0'], { env });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
          if (/^Token:.*\n/m.test(text)) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
      });
      expect(out).toMatch(/^URL: +http:\/\/127\.0\.0\.1:\d+$/m);
      expect(out).toMatch(/^Token: +[0-9a-f]{32}$/m);
    } finally {
      child.kill();
    }
  });

  it('the console counts the operations not tested by reason and points at the report, instead of listing them', () => {
    const report = sampleReport();
    const skipped = Array.from({ length: 31 }, (_, i) => ({
      id: `listed-${i}`,
      operation: `(4.1) operation ${i}`,
      group: 'member-account',
      status: 'skipped' as const,
      reason: 'not tested: path not documented (4.1); give it with --operation-map',
    }));
    const text = summaryText({ ...report, coverage: [...report.coverage.filter((e) => e.status === 'tested'), ...skipped] }, files);
    const line = text.split('\n').find((candidate) => candidate.startsWith('Skipped:'));
    expect(line).toBe('Skipped: 31 operations (31 not tested: path not documented (4.1); give it with --operation-map); see reports/summary.md for which');
  });

  it('no tick beside a group that has errors', () => {
    let out = '';
    const progress = new Progress({ tty: false, write: (text) => (out += text) }, [{ group: 'custom-demand', tests: 1 }]);
    progress.advance({ group: 'custom-demand', exchanges: 3, deviations: [{ severity: 'error' }] } as unknown as OperationResult);
    expect(out).toMatch(/^ {2}✗ Custom demand orders/);
    expect(out).not.toContain('✓');
  });

  it('summary.md says "not tested" once', () => {
    const report = sampleReport();
    const coverage = [
      ...report.coverage,
      { id: 'x', operation: '(4.1) x', group: 'member-account', status: 'skipped' as const, reason: 'not tested: path not documented (4.1)' },
    ];
    const markdown = renderMarkdown({ ...report, coverage });
    expect(markdown).toContain('| not tested: path not documented (4.1) |');
    expect(markdown).not.toMatch(/not tested: not tested/);
  });

  it('junit.xml carries the time of each operation and flow, and gives the severity of the warnings that do not fail the run as a property', () => {
    const report = sampleReport();
    const timed: Report = { ...report, operations: report.operations.map((op) => ({ ...op, durationMs: 1200 })), deviations: [warningAtAlphaOrders()] };
    const xml = renderJunit(timed);
    const times = [...xml.matchAll(/<testcase [^>]*time="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(times.some((time) => time > 0)).toBe(true);
    expect(xml).toMatch(/<testsuite name="[^"]+" [^>]*time="(?!0\.000")[\d.]+"/);
    expect(xml).toMatch(/name="json-content-type" time="[\d.]+">\s*<properties>\s*<property name="severity" value="warning"\/>/);
  });

  it('a JUnit case keeps its name when a warning appears at it: CI history follows the case', () => {
    const report = sampleReport();
    const names = (deviations: Report['deviations']) =>
      [...renderJunit({ ...report, deviations }).matchAll(/<testcase classname="([^"]+)" name="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(names([warningAtAlphaOrders()])).toEqual(names([]));
  });

  it('the same check at the same field across operations is one cause; console and summary.md lead with "N deviations from K causes"', () => {
    const deviations = soCtimeEverywhere();
    const causes = causesOf(deviations);
    expect(causes.map((cause) => [cause.severity, cause.check, cause.instancePath, cause.deviations.length, cause.occurrences])).toEqual([
      ['error', 'data-schema', '/data/list/*/soCtime', 2, 16],
      ['warning', 'envelope-extra-field', '/extra', 1, 1],
    ]);
    const report = { ...sampleReport(), deviations };
    const consoleText = summaryText(report, files);
    const afterVerdict = consoleText.split('\n').slice(consoleText.split('\n').findIndex((line) => line.startsWith('FAIL')));
    const headline = afterVerdict.findIndex((line) => line.startsWith('3 deviations from 2 causes'));
    expect(headline).toBeGreaterThan(0);
    expect(afterVerdict[headline + 1]).toMatch(/^ +1\. ERROR data-schema \/data\/list\/\*\/soCtime at 2 operations: /);
    const markdown = renderMarkdown(report).split('\n');
    expect(markdown[2]).toMatch(/^\*\*3 deviations from 2 causes/);
    expect(markdown[4]).toMatch(/^1\. ERROR data-schema /);
  });
});
