import { findGroup } from '../catalogue/groups.js';
import { countsAgainst, type GatedDeviation } from '../gate/gate.js';
import type { Report } from './report.js';
import { statusLabel } from './status.js';
import { escapeMarkup } from './text.js';

interface Case {
  readonly classname: string;
  readonly name: string;
  readonly failures: readonly GatedDeviation[];
  readonly notes: readonly GatedDeviation[];
  readonly skipped?: string;
  /** The run could not judge this case: an error, not a failure of the server. */
  readonly error?: string;
  /** Seconds: a flow's own time; for an operation, its time shared among its checks, which judge the same calls. */
  readonly time: number;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * Deviations that do not fail the run (warnings and infos under --fail-on error, waived, in the
 * baseline) are named by severity in a property of the case, not in its name: a case keeps its name,
 * and its history in a CI view, when a warning appears or goes.
 */
function severityProperty(testCase: Case): string | undefined {
  const severities = [...new Set([...testCase.failures, ...testCase.notes].map((d) => d.severity))];
  return severities.length === 0 ? undefined : severities.join(', ');
}

function failureText(deviation: GatedDeviation): string {
  return [
    deviation.message,
    `At: ${deviation.operation}${deviation.instancePath ? ` ${deviation.instancePath}` : ''} (${deviation.occurrences} occurrence${deviation.occurrences === 1 ? '' : 's'}${deviation.recurrence ? `, ${deviation.recurrence} when re-sent once` : ''})`,
    ...(deviation.input ? [`Input: ${deviation.input}`] : []),
    ...(deviation.replay ? [`Replay: ${deviation.replay}`] : []),
    `Repro: ${deviation.repro}`,
  ].join('\n');
}

function noteText(deviation: GatedDeviation): string {
  const status = deviation.waived
    ? ` [waived until ${deviation.waived.expires}: ${deviation.waived.reason}]`
    : deviation.baseline === 'still-present'
      ? ' [in the baseline]'
      : '';
  return `${deviation.severity.toUpperCase()}${status} ${failureText(deviation)}`;
}

function renderCase(testCase: Case): string {
  const head = `    <testcase classname="${escapeMarkup(testCase.classname)}" name="${escapeMarkup(testCase.name)}" time="${seconds(testCase.time * 1000)}">`;
  const severities = severityProperty(testCase);
  const body = [
    ...(severities ? ['      <properties>', `        <property name="severity" value="${severities}"/>`, '      </properties>'] : []),
    ...testCase.failures.map(
      (d) => `      <failure type="${d.severity}" message="${escapeMarkup(d.message.split('\n').join(' — '))}">${escapeMarkup(failureText(d))}</failure>`,
    ),
    ...(testCase.error ? [`      <error type="${escapeMarkup(testCase.classname)}" message="${escapeMarkup(testCase.error)}"/>`] : []),
    ...(testCase.skipped && testCase.failures.length === 0 && !testCase.error ? [`      <skipped message="${escapeMarkup(testCase.skipped)}"/>`] : []),
    ...(testCase.notes.length > 0 ? [`      <system-out>${escapeMarkup(testCase.notes.map(noteText).join('\n\n'))}</system-out>`] : []),
  ];
  return body.length === 0 ? `${head.slice(0, -1)}/>` : [head, ...body, '    </testcase>'].join('\n');
}

/** The cases of one group: operation × check, each flow, and each operation not tested. */
function casesOf(group: string, report: Report): Case[] {
  const split = (deviations: readonly GatedDeviation[]) => ({
    failures: deviations.filter((d) => countsAgainst(d, report.gate)),
    notes: deviations.filter((d) => !countsAgainst(d, report.gate)),
  });
  const operationCases = report.operations
    .filter((op) => op.group === group)
    .flatMap((op) =>
      Object.entries(op.byCheck).flatMap(([check, tally], _index, checks): Case[] => {
        const classname = `${group}.${op.operation}`;
        const judged: Case = {
          classname,
          name: check,
          time: (op.durationMs ?? 0) / 1000 / checks.length,
          ...split(report.deviations.filter((d) => d.operation === op.operation && d.check === check && d.intent !== 'flow')),
          ...(tally.evaluated === 0 ? { skipped: `not verifiable: ${tally.skipped} calls had nothing this check judges (no answer, or an error result)` } : {}),
        };
        // The calls the check could not judge, beside those it judged: a case of their own, so that `skipped` counts them.
        if (tally.evaluated === 0 || tally.skipped === 0) return [judged];
        const notJudged = `${tally.skipped} of ${tally.evaluated + tally.skipped} calls had nothing this check judges (no answer, or no JSON or data to read)`;
        return [judged, { classname, name: `${check} (not judged)`, time: 0, failures: [], notes: [], skipped: notJudged }];
      }),
    );
  const flowCases = report.flows
    .filter((flow) => flow.group === group)
    .map((flow) => ({
      classname: `${group}.flows`,
      name: flow.flowId,
      time: flow.durationMs / 1000,
      ...split(report.deviations.filter((d) => d.check === flow.flowId)),
      ...(flow.completed ? {} : { skipped: `stopped early: ${flow.reason ?? ''}` }),
    }));
  const untested = report.coverage
    .filter((entry) => entry.group === group && entry.status === 'skipped')
    .map((entry) => ({ classname: `${group}.${entry.operation}`, name: 'not tested', time: 0, failures: [], notes: [], skipped: entry.reason ?? 'skipped' }));
  const unverified = report.operations
    .filter((op) => op.group === group && op.status === 'unverified')
    .map((op) => ({ classname: `${group}.${op.operation}`, name: 'verified', time: 0, failures: [], notes: [], error: `unverified: ${op.reason ?? ''}` }));
  return [...operationCases, ...unverified, ...flowCases, ...untested];
}

/**
 * A run that is neither pass nor fail (not run, incomplete, interrupted) is one errored case, so a
 * CI view never shows such a run green; a pass or fail is a passing case whose verdict the others give.
 */
function runStatusSuite(report: Report): string {
  const erred = report.status !== 'pass' && report.status !== 'fail';
  const head = `  <testsuite name="Run status" tests="1" failures="0" errors="${erred ? 1 : 0}" skipped="0" time="${(report.durationMs / 1000).toFixed(3)}" timestamp="${report.startedAt.slice(0, 19)}">`;
  const properties = ['    <properties>', `      <property name="status" value="${report.status}"/>`, '    </properties>'];
  const testCase = erred
    ? [
        `    <testcase classname="${escapeMarkup(report.tool)}" name="run status" time="0">`,
        `      <error type="${report.status}" message="${escapeMarkup(`${statusLabel[report.status]}: ${report.reason ?? ''}`)}"/>`,
        '    </testcase>',
      ]
    : [`    <testcase classname="${escapeMarkup(report.tool)}" name="run status" time="0"/>`];
  return [head, ...properties, ...testCase, '  </testsuite>'].join('\n');
}

/**
 * junit.xml: one testsuite per group of section 1, one testcase per operation × check. `skipped`
 * counts the cases of what was not judged: an operation × check that judged none of its calls, the
 * calls a check could not judge beside those it did (a `<check> (not judged)` case), an operation not
 * tested, a flow stopped early (docs/ci.md).
 */
export function renderJunit(report: Report): string {
  const groups = [...new Set(report.coverage.map((entry) => entry.group))];
  const suites = groups.map((group) => {
    const cases = casesOf(group, report);
    return {
      group,
      cases,
      tests: cases.length,
      failures: cases.filter((c) => c.failures.length > 0).length,
      errors: cases.filter((c) => c.error).length,
      skipped: cases.filter((c) => c.skipped && c.failures.length === 0 && !c.error).length,
      // A group's operations run side by side, so their own times overlap: the sum of its cases' times, at most the run's.
      time: Math.min(
        cases.reduce((sum, c) => sum + c.time, 0),
        report.durationMs / 1000,
      ),
      notes: cases.reduce((sum, c) => sum + c.notes.length, 0),
      callsNotJudged: report.operations.filter((op) => op.group === group).reduce((sum, op) => sum + op.skipped, 0),
    };
  });
  const runErrors = report.status === 'pass' || report.status === 'fail' ? 0 : 1;
  const total = (pick: (suite: (typeof suites)[number]) => number) => suites.reduce((sum, suite) => sum + pick(suite), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeMarkup(`${report.tool} ${report.version}`)}" tests="${total((s) => s.tests) + 1}" failures="${total((s) => s.failures)}" errors="${total((s) => s.errors) + runErrors}" skipped="${total((s) => s.skipped)}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    runStatusSuite(report),
    ...suites.map((suite) =>
      [
        `  <testsuite name="${escapeMarkup(findGroup(suite.group)?.title ?? suite.group)}" tests="${suite.tests}" failures="${suite.failures}" errors="${suite.errors}" skipped="${suite.skipped}" time="${seconds(suite.time * 1000)}" timestamp="${report.startedAt.slice(0, 19)}">`,
        '    <properties>',
        `      <property name="target" value="${escapeMarkup(report.target.baseUrl)}"/>`,
        `      <property name="seed" value="${report.seed}"/>`,
        `      <property name="status" value="${report.status}"/>`,
        `      <property name="deviations not failing the run" value="${suite.notes}"/>`,
        `      <property name="check calls not judged" value="${suite.callsNotJudged}"/>`,
        '    </properties>',
        ...suite.cases.map(renderCase),
        '  </testsuite>',
      ].join('\n'),
    ),
    '</testsuites>',
    '',
  ].join('\n');
}
