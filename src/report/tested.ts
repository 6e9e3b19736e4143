import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { authorizationShown } from '../client/auth.js';
import type { Report, SpecIdentity } from './report.js';

/** The spec text the kit enforces, shipped with it. */
const SPEC_FILE = 'docs/spec/open-trading-platform-api.md';

/**
 * Which spec a run checked against. The spec carries no version number, so `version` is null and
 * the text is named by its sha256: two reports with the same hash were judged by the same text.
 */
export function shippedSpec(): SpecIdentity {
  const sha256 = createHash('sha256')
    .update(readFileSync(join(packageRoot, SPEC_FILE)))
    .digest('hex');
  return { version: null, file: SPEC_FILE, sha256 };
}

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** How the requests were written, where not as sections 4 and 5 document: the form the server served instead. */
function sentAs(target: Report['target']): string {
  const forms = [
    ...(target.authScheme === 'bearer-no-space' ? [] : [`authorization: ${authorizationShown(target.authScheme)}`]),
    ...(target.pathForm === 'single-slash' ? ['a single slash before /pc and /auth'] : []),
  ];
  return forms.length === 0 ? '' : `; sent with ${forms.join(' and ')}`;
}

/** The parts of a report that say what was tested; known before the run starts. */
export type Tested = Pick<Report, 'tool' | 'version' | 'target' | 'spec' | 'node' | 'seed' | 'runs' | 'failOn' | 'options' | 'excludedChecks' | 'source'>;

/** Which checks ran: all of them, or those left out named, with the switch that left them out. */
function checksRun(excluded: Report['excludedChecks']): string {
  if (!excluded || excluded.length === 0) return 'every check and flow';
  const reasons = [...new Set(excluded.map((check) => check.reason))].join('; ');
  return `all but ${excluded.length} (${reasons}): ${excluded.map((check) => check.id).join(', ')}`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Where traffic the kit judged came from, and what it held, in a line. */
function trafficFact(source: NonNullable<Report['source']>): string {
  const from =
    source.kind === 'proxy'
      ? `proxy at ${source.listen} in front of ${source.target}`
      : source.files.map((file) => `${file.path} (${file.creator}, ${file.entries} ${file.entries === 1 ? 'entry' : 'entries'})`).join('; ');
  const unknown = source.unknownExchanges > 0 ? `, ${source.unknownExchanges} at paths the spec does not know (not judged)` : '';
  const cut = source.cut > 0 ? `, ${source.cut} with a body known only in part` : '';
  return `${from}: ${plural(source.exchanges, 'exchange')}, ${source.judged} judged${unknown}${cut}`;
}

/** What was tested, with what, and how: label and value pairs every report format shows the same way. */
export function testedFacts(report: Tested): Array<[string, string]> {
  const target = report.target;
  const o = report.options;
  return [
    [
      'Target',
      `${target.baseUrl}${target.label ? ` "${target.label}"` : ''}${target.embedded ? ' (embedded reference server)' : ''}${target.server ? `, Server: ${target.server}` : ''}${sentAs(target)}`,
    ],
    ['Kit', `${report.tool} ${report.version}`],
    ['Spec', report.spec ? `unversioned; sha256 ${report.spec.sha256.slice(0, 16)} of ${report.spec.file}` : 'not recorded'],
    ['Node', report.node ?? 'not recorded'],
    // Traffic is not sent from a seed: where it came from says what the seed would.
    report.source ? ['Traffic', trafficFact(report.source)] : ['Seed', String(report.seed)],
    [
      'Options',
      o
        ? `runs ${o.runs}, hostile runs ${o.hostileRuns}, coverage pass ${onOff(o.coveragePass)}, auth probes ${onOff(o.authProbes)}, HTTP probes ${onOff(o.httpProbes)}, stateful ${onOff(o.stateful)}, read-only ${onOff(o.readOnly)}, timeout ${o.timeoutMs} ms, auth ${o.authScheme}, fail on ${o.failOn}`
        : report.source
          ? `fail on ${report.failOn}`
          : `runs ${report.runs}, fail on ${report.failOn}`,
    ],
    ['Checks', checksRun(report.excludedChecks)],
  ];
}
