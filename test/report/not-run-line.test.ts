import { describe, expect, it } from 'vitest';
import { notRunLine, summaryText } from '../../src/report/console.js';
import { buildRunReport, type ReportInput } from '../../src/report/report.js';
import type { RunEnding } from '../../src/report/status.js';
import { defaultGate } from '../support/report.js';

const files = { json: 'r/report.json', junit: 'r/junit.xml', markdown: 'r/summary.md', html: 'r/report.html' };

/** A run that ended before its suites, as told. */
const runEnded = (ending: RunEnding): ReportInput => ({
  target: { baseUrl: 'http://127.0.0.1:8080', embedded: false, authScheme: 'bearer-no-space' },
  startedAt: new Date('2026-11-22T00:00:00Z'),
  durationMs: 40,
  seed: 1,
  runs: 25,
  results: [],
  flows: [],
  skipped: [],
  mapped: [],
  gate: defaultGate,
  ending,
});

const formsTried = [
  { form: 'bearer<TOKEN> at //pc/custom_demand/list', answer: 'HTTP 200, code "401"' },
  { form: 'Bearer <TOKEN> at //pc/custom_demand/list', answer: 'HTTP 200, code "401"' },
];
const refused = {
  kind: 'not-run',
  reason: 'Check --token (or OTP_TOKEN) and --base-url: the server refused the token in all 2 forms tried (listed in report.json, formsTried).',
  formsTried,
} as const;

describe('a run that did not run says why once: the stderr line, not the summary again', () => {
  it('the token refused: the line is the reason; the forms tried go to report.json, not to the console', () => {
    const { report } = buildRunReport(runEnded(refused));
    expect(notRunLine(report)).toBe(refused.reason);
    expect(report.formsTried).toEqual(formsTried);
    for (const verbosity of ['quiet', 'normal', 'verbose'] as const) {
      const text = summaryText(report, files, verbosity);
      expect(text.split('\n')[0]).toBe('NOT RUN — nothing was checked');
      expect(text).not.toContain('Check --token');
      expect(text).not.toContain('HTTP 200');
    }
  });

  it('a run that ran has no such line, and its summary still says why it is what it is', () => {
    const { report } = buildRunReport(runEnded({ kind: 'out-of-time', reason: 'the run ran out of time' }));
    expect(notRunLine(report)).toBeUndefined();
    expect(report.formsTried).toBeUndefined();
    expect(summaryText(report, files)).toContain('the run ran out of time');
  });
});
