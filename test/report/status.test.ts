import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/report/console.js';
import { headline } from '../../src/report/headline.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/report.js';
import { combinedStatus, decideStatus, type RunOutcomeFacts, type RunStatus } from '../../src/report/status.js';
import { sampleReport } from './fixture.js';

const finished: RunOutcomeFacts = { ending: { kind: 'finished' }, gateFailures: [], unverified: [], allowUnverified: false };
const unverified = [{ operation: '/pc/purchase_order/list', reason: 'none of 25 calls got an answer (timeout)' }];

describe('decideStatus: one place for status and exit code', () => {
  it('passes only a finished run with nothing failing the gate and every operation verified', () => {
    expect(decideStatus(finished)).toEqual({ status: 'pass', exitCode: 0 });
    expect(decideStatus({ ...finished, gateFailures: ['1 error'] })).toEqual({ status: 'fail', exitCode: 1 });
  });

  it('an unverified operation makes the run incomplete (exit 3), unless allowed', () => {
    expect(decideStatus({ ...finished, unverified })).toMatchObject({ status: 'incomplete', exitCode: 3 });
    expect(decideStatus({ ...finished, unverified }).reason).toContain('/pc/purchase_order/list');
    expect(decideStatus({ ...finished, unverified, allowUnverified: true })).toEqual({ status: 'pass', exitCode: 0 });
  });

  it('a lookup whose records went unchecked passes, and makes the run incomplete (exit 3) only with --require-records', () => {
    const recordsUnchecked = [{ operation: '/pc/customer/consigneeInfoById', reason: 'its 1 answer were error results to ids the run guessed' }];
    expect(decideStatus({ ...finished, recordsUnchecked })).toEqual({ status: 'pass', exitCode: 0 });
    const required = decideStatus({ ...finished, recordsUnchecked, requireRecords: true });
    expect(required).toMatchObject({ status: 'incomplete', exitCode: 3 });
    expect(required.reason).toContain('/pc/customer/consigneeInfoById');
    expect(decideStatus({ ...finished, recordsUnchecked, requireRecords: true, gateFailures: ['1 error'] })).toMatchObject({ status: 'fail', exitCode: 1 });
  });

  it('a pass names the lookups whose records went unchecked in its headline', () => {
    const report = sampleReport();
    const [first, ...rest] = report.operations;
    const passed: Report = {
      ...report,
      status: 'pass',
      verdict: 'pass',
      operations: [{ ...first!, recordsUnchecked: 'its 1 answer were error results to ids the run guessed' }, ...rest],
    };
    expect(headline(passed)).toContain(`records unchecked at ${first!.operation}`);
    expect(headline({ ...passed, operations: report.operations })).not.toContain('records unchecked');
  });

  it('a defect found fails the run even when operations could not be verified or the time ran out, and says what was not checked', () => {
    const failing = decideStatus({ ...finished, unverified, gateFailures: ['1 error'] });
    expect(failing).toMatchObject({ status: 'fail', exitCode: 1 });
    expect(failing.reason).toContain('/pc/purchase_order/list');
    const late = decideStatus({ ...finished, gateFailures: ['1 error'], ending: { kind: 'out-of-time', reason: 'the run ran out of time' } });
    expect(late).toEqual({ status: 'fail', reason: 'the run ran out of time', exitCode: 1 });
    expect(decideStatus({ ...finished, gateFailures: ['1 error'], unverified, allowUnverified: true })).toEqual({ status: 'fail', exitCode: 1 });
  });

  it('a run --max-failures stopped fails (exit 1) and says what it left unchecked; without a failure to show it is incomplete, never a pass', () => {
    const stopped = { kind: 'max-failures', after: 2, notChecked: { operations: 5, flows: 1 } } as const;
    expect(decideStatus({ ...finished, gateFailures: ['2 errors'], ending: stopped })).toEqual({
      status: 'fail',
      reason: 'stopped after 2 failures (--max-failures 2): 5 operations and 1 flow not checked',
      exitCode: 1,
    });
    expect(decideStatus({ ...finished, ending: stopped })).toMatchObject({ status: 'incomplete', exitCode: 3 });
  });

  it("a run stopped by its heap run short: the kit failed (exit 2) under its own limit; under the user's, like --max-time (3, or 1 with a defect)", () => {
    const reason = 'the suite worker ran short of memory (…)';
    const kitLimit = { kind: 'out-of-memory', reason, kitError: true } as const;
    expect(decideStatus({ ...finished, ending: kitLimit })).toEqual({ status: 'incomplete', reason, exitCode: 2 });
    expect(decideStatus({ ...finished, gateFailures: ['1 error'], ending: kitLimit })).toEqual({ status: 'incomplete', reason, exitCode: 2 });
    const userLimit = { kind: 'out-of-memory', reason, kitError: false } as const;
    expect(decideStatus({ ...finished, ending: userLimit })).toEqual({ status: 'incomplete', reason, exitCode: 3 });
    expect(decideStatus({ ...finished, gateFailures: ['1 error'], ending: userLimit })).toEqual({ status: 'fail', reason, exitCode: 1 });
  });

  it('a run that could not check never passes, whatever the gate says', () => {
    expect(decideStatus({ ...finished, ending: { kind: 'not-run', reason: 'the server refused the token: …' } })).toEqual({
      status: 'not-run',
      reason: 'the server refused the token: …',
      exitCode: 3,
    });
    expect(decideStatus({ ...finished, ending: { kind: 'not-run', reason: 'no token', kitError: true } })).toMatchObject({ exitCode: 2 });
    expect(decideStatus({ ...finished, ending: { kind: 'out-of-time', reason: 'out of time' } })).toMatchObject({ status: 'incomplete', exitCode: 3 });
    expect(decideStatus({ ...finished, ending: { kind: 'crashed', error: 'boom' } })).toEqual({
      status: 'incomplete',
      reason: 'the kit failed: boom',
      exitCode: 2,
    });
    expect(decideStatus({ ...finished, gateFailures: ['x'], ending: { kind: 'interrupted', signal: 'SIGINT' } })).toMatchObject({
      status: 'interrupted',
      exitCode: 130,
    });
    expect(decideStatus({ ...finished, ending: { kind: 'interrupted', signal: 'SIGTERM' } })).toMatchObject({ exitCode: 143 });
  });

  it('merged parts: fail when one fails (saying which could not check everything), else incomplete when a part is; a part without status counts by its verdict', () => {
    const part = (status: RunStatus | undefined, verdict: 'pass' | 'fail') => ({ file: `${status}.json`, status, verdict });
    expect(combinedStatus([part('pass', 'pass'), part(undefined, 'fail')])).toEqual({ status: 'fail' });
    expect(combinedStatus([part('pass', 'pass'), part('interrupted', 'fail')])).toMatchObject({ status: 'incomplete' });
    expect(combinedStatus([part('fail', 'fail'), part('incomplete', 'fail')])).toEqual({ status: 'fail', reason: 'incomplete.json is incomplete' });
    expect(combinedStatus([part('pass', 'pass'), part(undefined, 'pass')])).toEqual({ status: 'pass' });
  });
});

describe('every report shows the status plainly', () => {
  const incomplete: Report = { ...sampleReport(), status: 'incomplete', reason: 'the run ran out of time: --max-time 90s ended it' };
  const files = { json: 'r/report.json', junit: 'r/junit.xml', markdown: 'r/summary.md', html: 'r/report.html' };

  it('console, summary.md, junit.xml and report.html: INCOMPLETE with the reason, never PASS', () => {
    for (const text of [summaryText(incomplete, files), summaryText(incomplete, files, 'quiet')]) {
      expect(text).toMatch(/^INCOMPLETE /m);
      expect(text).toContain('--max-time 90s ended it');
    }
    expect(renderMarkdown(incomplete)).toMatch(/^## ⚠️ otp-conformance: INCOMPLETE/);
    expect(renderMarkdown(incomplete)).toContain('--max-time 90s ended it');
    const junit = renderJunit(incomplete);
    expect(junit).toContain('<property name="status" value="incomplete"/>');
    expect(junit).toContain('<error type="incomplete" message="INCOMPLETE: the run ran out of time: --max-time 90s ended it"/>');
    const html = renderHtmlReport(incomplete);
    expect(html).toContain('<div class="verdict">INCOMPLETE</div>');
    expect(html).toContain('--max-time 90s ended it');
    for (const text of [summaryText(incomplete, files), renderMarkdown(incomplete), junit, html]) expect(text).not.toMatch(/\bPASS\b/);
  });

  it('an unverified operation is named in each report', () => {
    const report: Report = {
      ...incomplete,
      operations: incomplete.operations.map((op, index) => (index === 0 ? { ...op, status: 'unverified', reason: 'every answer refused the token' } : op)),
    };
    const name = report.operations[0]!.operation;
    expect(summaryText(report, files)).toContain(`Unverified: ${name} (every answer refused the token)`);
    expect(renderJunit(report)).toContain('<error type="');
    expect(renderJunit(report)).toContain('message="unverified: every answer refused the token"');
    expect(renderHtmlReport(report)).toContain('every answer refused the token');
  });
});
