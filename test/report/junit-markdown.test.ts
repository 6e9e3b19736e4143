import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findFault } from '../../src/reference/faults/catalogue.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/report.js';
import { reportAgainst } from '../support/report.js';

const xsd = new URL('../../schemas/junit.xsd', import.meta.url).pathname;

/** xmllint --schema: the common JUnit schema CI systems read. */
function xmllint(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'otp-junit-')), 'junit.xml');
  writeFileSync(file, xml);
  return execFileSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

let report: Report;
beforeAll(async () => {
  report = await reportAgainst(['custom-demand-list', 'purchase-order-list', 'login'], findFault('html-error-page'));
});

describe('junit.xml', () => {
  it('is valid against the common JUnit schema', () => {
    expect(() => xmllint(renderJunit(report))).not.toThrow();
  });

  it('has one testcase per operation × check, failures carrying Received/Documented and the repro', () => {
    const xml = renderJunit(report);
    const cases = [...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    for (const op of report.operations) {
      for (const check of Object.keys(op.byCheck)) expect(cases).toContain(`${op.group}.${op.operation} ${check}`);
    }
    const failure =
      /<testcase classname="purchase-orders\.\/pc\/purchase_order\/list" name="json-body"[^>]*>\s*<failure type="error" message="([^"]*)">([^<]*)<\/failure>/.exec(
        xml,
      );
    expect(failure?.[2]).toContain('Received: ');
    expect(failure?.[2]).toContain('Documented: ');
    expect(failure?.[2]).toContain('Repro: curl ');
    expect(xml).toContain('<testcase classname="member-account./auth/send_code" name="not tested" time="0">');
  });

  it('escapes what came from the server and stays valid XML with hostile text', () => {
    const hostile: Report = {
      ...report,
      deviations: report.deviations.map((d) => ({ ...d, actual: '<script>&"\'\u0000\ud800', message: `${d.message}\n]]><x>` })),
    };
    const xml = renderJunit(hostile);
    expect(xml).not.toContain('<script>');
    expect(() => xmllint(xml)).not.toThrow();
  });
});

describe('summary.md', () => {
  it('gives the verdict, counts by severity, a row per operation and the first deviations in full', () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toMatch(/^## ❌ otp-conformance: FAIL/);
    expect(markdown).toContain(`| ${report.summary.errors} | ${report.summary.warnings} | ${report.summary.infos} |`);
    for (const op of report.coverage) expect(markdown).toContain(`\`${op.operation}\``);
    expect(markdown).toContain('not tested: read-only');
    expect(markdown).toContain('**ERROR json-body at /pc/purchase\\_order/list**');
    expect(markdown).toContain('Received: ');
  });

  it('keeps server text from breaking out of its table cell or code block', () => {
    const hostile: Report = { ...report, gate: { ...report.gate, failures: ['a | b\n## heading'] } };
    expect(renderMarkdown(hostile)).toContain('- a \\| b ## heading');
  });
});
