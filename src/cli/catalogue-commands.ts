import { findGroup } from '../catalogue/groups.js';
import { listedOperations } from '../catalogue/listed-operations.js';
import { operations } from '../catalogue/operations.js';
import { allChecks } from '../checks/index.js';
import { findRequirement, type RequirementId } from '../checks/standards/requirements.js';
import { KitError } from '../errors.js';
import type { Flow } from '../flows/flow.js';
import { allFlows, mappedFlows } from '../flows/index.js';
import { modelRules } from '../model/index.js';
import { referenceOperationMapFile } from '../reference/map-file.js';
import { checkInfos } from '../report/report.js';
import { readOperationMap } from '../validation/operation-map-file.js';

/** The flows the reference server's own operation map describes: a run with the embedded server has them. */
const referenceMapFlows = (): Flow[] => mappedFlows(readOperationMap(referenceOperationMapFile).flows, 0);

/** `otp-conformance list`: the operations and the checks, with rule and severity. */
export function listText(): string {
  const operationLines = operations.map(
    (op) =>
      `  #${String(op.number).padEnd(3)} ${op.method} ${op.path.padEnd(46)} ${op.id.padEnd(24)} ${(findGroup(op.group)?.title ?? op.group).padEnd(26)}${op.mutates ? ' mutates' : ''}${op.paging ? ' pages' : ''}`,
  );
  // The ids of 4.1 are what an operation map, --only and waivers name; their paths come from the map.
  const listedLines = listedOperations.map(
    (op) =>
      `       ${(op.method ?? '?').padEnd(4)} ${op.id.padEnd(46)} ${(findGroup(op.group)?.title ?? op.group).padEnd(26)} ${op.name}${op.mutates ? ' · mutates' : ''}${op.pages ? ' · pages' : ''}`,
  );
  const checkLines = checkInfos.map((check) => `  ${check.id.padEnd(26)} ${check.severity.padEnd(8)} ${check.rule.padEnd(20)} ${check.title}`);
  return [
    'Operations (section 4):',
    ...operationLines,
    '',
    'Operations of 4.1, by id (no documented path: give one with --operation-map; the reference server has its own):',
    ...listedLines,
    '',
    'Checks and flows (otp-conformance explain ID for one):',
    ...checkLines,
    '',
    "Flows of the reference server's operation map (src/reference/operation-map.json; a map of your own describes yours):",
    ...referenceMapFlows().map((flow) => `  ${flow.id.padEnd(30)} ${flow.severity.padEnd(8)} ${flow.rule.padEnd(16)} ${flow.title}`),
  ].join('\n');
}

/** A requirement of a standard as explain names it: `RFC 8259 §8.1 (rfc8259-8.1-no-bom)`. */
function clause(id: RequirementId): string {
  const requirement = findRequirement(id);
  // RequirementId is the union of the catalogue's ids, so the catalogue holds every one.
  if (!requirement) throw new Error(`${id} is a RequirementId the catalogue of requirements does not hold.`);
  const { standard, section } = requirement;
  return `${standard} §${section} (${id})`;
}

/** `otp-conformance explain ID`: one check or flow in full. */
export function explainText(id: string | undefined): string {
  const check =
    allChecks.find((candidate) => candidate.id === id) ??
    allFlows.find((candidate) => candidate.id === id) ??
    referenceMapFlows().find((candidate) => candidate.id === id) ??
    modelRules.find((candidate) => candidate.id === id);
  if (!check) {
    throw new KitError(
      'OTP_BAD_OPTION',
      `${id === undefined ? 'explain needs a check id' : `No check or flow "${id}"`}; one of: ${checkInfos.map((c) => c.id).join(', ')}.`,
    );
  }
  // The clauses of the standards the check enforces (docs/standards.md); flows enforce none.
  const standards = 'standards' in check ? check.standards.map(clause) : [];
  return [
    `${check.id} — ${check.title}`,
    `Severity: ${check.severity}`,
    `Spec: ${check.rule}: "${check.quote}"`,
    ...(standards.length > 0 ? [`Standards: ${standards.join('; ')} (docs/standards.md)`] : []),
    '',
    check.description,
    '',
    `Waive it with a --waivers file entry: {"check": "${check.id}", "operation": "<path or id>", "reason": "…", "expires": "YYYY-MM-DD"}`,
    modelRules.some((rule) => rule.id === check.id) ? 'More: docs/model.md' : 'More, with a sample failure: docs/checks.md',
  ].join('\n');
}
