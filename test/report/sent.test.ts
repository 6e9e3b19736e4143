import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headline } from '../../src/report/headline.js';
import { buildRunReport, type ReportInput } from '../../src/report/report.js';
import { mergeReports } from '../../src/report/merge.js';
import { runShapeOf } from '../../src/report/run-shape.js';
import type { RunEnding } from '../../src/report/status.js';
import { testSettings } from '../support/kit.js';
import { defaultGate } from '../support/report.js';

/** A run that sent 812 requests and finished none of its operations, ended as told. */
const stoppedRun = (ending: RunEnding, sent = 812): ReportInput => ({
  target: { baseUrl: 'http://127.0.0.1:8080', embedded: false, authScheme: 'bearer-no-space' },
  startedAt: new Date('2026-11-22T00:00:00Z'),
  durationMs: 9000,
  seed: 1,
  runs: 25,
  results: [],
  flows: [],
  skipped: [],
  mapped: [],
  gate: defaultGate,
  ending,
  sent,
});

describe('a run stopped midway counts what it sent', () => {
  it('interrupted, or out of time: the requests that left for the server, in report.json and the headline', () => {
    const interrupted = buildRunReport(stoppedRun({ kind: 'interrupted', signal: 'SIGINT' })).report;
    expect(interrupted.summary).toMatchObject({ operations: 0, requests: 0, sent: 812 });
    expect(headline(interrupted)).toBe('INTERRUPTED — stopped by SIGINT; 0 errors in what finished; 812 requests sent');
    const outOfTime = buildRunReport(stoppedRun({ kind: 'out-of-time', reason: 'stopped by --max-time 5s' })).report;
    expect(outOfTime.summary.sent).toBe(812);
    expect(headline(outOfTime)).toMatch(/^INCOMPLETE — no defect found; .*; 812 requests sent$/);
  });

  it('a run that ended, or never began, says nothing of it: its requests are what it sent', () => {
    expect(buildRunReport(stoppedRun({ kind: 'finished' })).report.summary.sent).toBeUndefined();
    expect(buildRunReport(stoppedRun({ kind: 'not-run', reason: 'unreachable' }, 0)).report.summary.sent).toBeUndefined();
    expect(headline(buildRunReport(stoppedRun({ kind: 'finished' })).report)).not.toContain('sent');
  });

  it('merged, the parts add up: what a stopped part sent, what an ended part finished', () => {
    const options = runShapeOf(testSettings('http://127.0.0.1:8080', 't'));
    const stopped = buildRunReport({ ...stoppedRun({ kind: 'interrupted', signal: 'SIGINT' }), shard: { index: 1, total: 2 }, options }).report;
    const ended = buildRunReport({ ...stoppedRun({ kind: 'finished' }), shard: { index: 2, total: 2 }, options }).report;
    const dir = mkdtempSync(join(tmpdir(), 'otp-sent-'));
    const files = [stopped, ended].map((report, index) => {
      const file = join(dir, `part-${index + 1}.json`);
      writeFileSync(file, JSON.stringify(report));
      return file;
    });
    const merged = mergeReports(files);
    expect(merged.summary.sent).toBe(812 + ended.summary.requests);
  });
});
