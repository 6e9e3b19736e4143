import { readFileSync } from 'node:fs';
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/report.js';
import { reportAgainst } from '../support/report.js';

/** The common JUnit schema CI systems read, checked by libxml2 (compiled to WebAssembly) in this process. */
const junitXsd = XmlDocument.fromString(readFileSync(new URL('../../schemas/junit.xsd', import.meta.url), 'utf8'));
const junitSchema = XsdValidator.fromDoc(junitXsd);
afterAll(() => {
  junitSchema.dispose();
  junitXsd.dispose();
});

interface SchemaProblem {
  /** Where libxml2 found it: an XPath for a schema violation, absent when the XML is not well-formed. */
  readonly xpath: string | undefined;
  readonly message: string;
}

/** What keeps `xml` from being a valid JUnit document: nothing when it is one. */
function junitSchemaProblems(xml: string): SchemaProblem[] {
  try {
    const document = XmlDocument.fromString(xml);
    try {
      junitSchema.validate(document);
      return [];
    } finally {
      document.dispose();
    }
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    return error.details.map((detail) => ({ xpath: detail.xpath, message: detail.message.trim() }));
  }
}

let report: Report;
beforeAll(async () => {
  report = await reportAgainst(['custom-demand-list', 'purchase-order-list', 'login'], findFault('html-error-page'));
});

describe('junit.xml', () => {
  it('is valid against the common JUnit schema', () => {
    expect(junitSchemaProblems(renderJunit(report))).toEqual([]);
  });

  it('is checked for real: a testcase outside its testsuite, or a cut-off document, fails validation', () => {
    const xml = renderJunit(report);
    const misplaced = xml.replace(/<testsuites[^>]*>/, (open) => `${open}<testcase classname="misplaced" name="outside any testsuite" time="0"/>`);
    expect(misplaced).not.toBe(xml);
    expect(junitSchemaProblems(misplaced).map((problem) => problem.xpath)).toEqual(['/testsuites/testcase']);
    expect(junitSchemaProblems(xml.slice(0, xml.indexOf('<testcase') + 20))).not.toEqual([]);
  });

  it('a case with a deviation that does not fail the run carries its severity as a property, and stays valid', () => {
    const warned: Report = { ...report, failOn: 'error', deviations: report.deviations.map((d) => ({ ...d, severity: 'warning' as const })) };
    const xml = renderJunit(warned);
    expect(xml).toContain('<property name="severity" value="warning"/>');
    expect(xml).not.toMatch(/name="[^"]*\[warning\]"/);
    expect(junitSchemaProblems(xml)).toEqual([]);
  });

  it('has one testcase per operation × check, failures carrying Received/Documented and the repro', () => {
    const xml = renderJunit(report);
    const cases = [...xml.matchAll(/<testcase classname="([^"]+)" name="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    for (const op of report.operations) {
      for (const check of Object.keys(op.byCheck)) expect(cases).toContain(`${op.group}.${op.operation} ${check}`);
    }
    const failure =
      /<testcase classname="purchase-orders\.\/pc\/purchase_order\/list" name="json-body"[^>]*>\s*(?:<properties>[\s\S]*?<\/properties>\s*)?<failure type="error" message="([^"]*)">([^<]*)<\/failure>/.exec(
        xml,
      );
    expect(failure?.[2]).toContain('Received: ');
    expect(failure?.[2]).toContain('Documented: ');
    expect(failure?.[2]).toContain('Repro: curl ');
    expect(xml).toContain('<testcase classname="member-account./auth/send_code" name="not tested" time="0.000">');
  });

  it('skipped counts what was not judged: a check that judged none of its calls, the calls one could not judge beside those it did, an operation not tested', () => {
    const [first, ...rest] = report.operations;
    if (!first) throw new Error('the fixture report checked no operation');
    const checks = Object.keys(first.byCheck);
    const [partly = '', none = ''] = checks;
    const byCheck = { ...first.byCheck, [partly]: { evaluated: 49, passed: 49, skipped: 23 }, [none]: { evaluated: 0, passed: 0, skipped: 7 } };
    const unjudged: Report = { ...report, operations: [{ ...first, byCheck, skipped: 30 }, ...rest] };
    const xml = renderJunit(unjudged);
    expect(junitSchemaProblems(xml)).toEqual([]);
    const classname = `${first.group}.${first.operation}`;
    expect(xml).toContain(`<testcase classname="${classname}" name="${partly}" time=`);
    expect(xml).toMatch(new RegExp(`<testcase classname="${classname}" name="${partly} \\(not judged\\)" time="0.000">\\s*<skipped message="23 of 72 calls`));
    expect(xml).toMatch(new RegExp(`<testcase classname="${classname}" name="${none}" time="[^"]+">\\s*<skipped message="not verifiable: 7 calls`));
    // Every suite's skipped is the number of its skipped cases; the group's calls not judged, report.json's count for its operations.
    for (const block of xml.split('<testsuite ').slice(2)) {
      expect(/^[^>]* skipped="(\d+)"/.exec(block)?.[1]).toBe(String([...block.matchAll(/<skipped /g)].length));
    }
    const firstSuite = xml.split('<testsuite ').find((block) => block.includes(`classname="${classname}"`)) ?? '';
    const ofGroup = unjudged.operations.filter((op) => op.group === first.group).reduce((sum, op) => sum + op.skipped, 0);
    expect(firstSuite).toContain(`<property name="check calls not judged" value="${ofGroup}"/>`);
    const skippedCases = [...xml.matchAll(/<skipped /g)].length;
    expect(/<testsuites [^>]*skipped="(\d+)"/.exec(xml)?.[1]).toBe(String(skippedCases));
  });

  it("no suite's time exceeds the run's, however long its operations' own times add up to", () => {
    // Every operation in one group, as a group's reads run side by side: their own times add up to more than the run's.
    const group = report.operations[0]?.group ?? '';
    const overlapping: Report = { ...report, durationMs: 1200, operations: report.operations.map((op) => ({ ...op, group, durationMs: 1000 })) };
    const xml = renderJunit(overlapping);
    const times = [...xml.matchAll(/<testsuite name="[^"]*"[^>]* time="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(times.length).toBeGreaterThan(1);
    for (const time of times) expect(time).toBeLessThanOrEqual(1.2);
    expect(junitSchemaProblems(xml)).toEqual([]);
  });

  it('escapes what came from the server and stays valid XML with hostile text', () => {
    const hostile: Report = {
      ...report,
      deviations: report.deviations.map((d) => ({ ...d, actual: '<script>&"\'\u0000\ud800', message: `${d.message}\n]]><x>` })),
    };
    const xml = renderJunit(hostile);
    expect(xml).not.toContain('<script>');
    expect(junitSchemaProblems(xml)).toEqual([]);
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
