import { findOperation, type Operation, operations } from '../../catalogue/operations.js';
import type { Client } from '../../client/client.js';
import { KitError } from '../../errors.js';
import type { Validator } from '../../validation/validator.js';
import type { Intent } from '../../checks/types.js';
import { callAtPath } from '../operation/call-at-path.js';
import type { GeneratedIntent } from '../operation/calls.js';
import { causeDeviation } from '../judging/cause-evidence.js';
import { operationContext } from './context.js';
import type { Deviation } from '../judging/deviation.js';
import { toDeviation } from '../judging/evidence.js';
import { judge } from '../judging/judge.js';
import { OperationSession } from '../operation/session.js';
import type { RunSettings } from './settings.js';

export interface ReplayResult {
  readonly operation: string;
  readonly path: string;
  readonly deviations: readonly Deviation[];
  readonly repro: string;
  /** Whether the server answered at all: without an answer, nothing could be judged. */
  readonly answered: boolean;
}

/** Calls of the coverage pass and the page walk, the same under every seed, and the lookups of listed records, whose path holds what they set. */
type CoverageKind =
  'coverage' | 'page' | 'page-hostile' | 'page-unnumbered' | 'page-unfiltered' | 'page-again' | 'page-long' | 'listed' | 'own-record' | 'unknown-id';

/** `<operation id>:<intent>:<fast-check path>` (or `:coverage:<n>`, `:page:<size>:<no>`, `:listed:<end>:<size>:<no>:<fields>`, a delete's `:own-record:<payload>` or `:unknown-id:<payload>`), as a deviation's `replay` field gives it. */
function parseReplay(text: string, mapped: readonly Operation[]): { operation: Operation; intent: GeneratedIntent | CoverageKind; path: string } {
  const match =
    /^([a-z-]+?):(?:(conforming|hostile|coverage|page|page-hostile|page-unnumbered|page-unfiltered|page-again|page-long):(\d+(?::\d+)*)|(listed):((?:first|last):\d+:\d+:\{.*\})|(own-record|unknown-id):(\{.*\}))$/s.exec(
      text.trim(),
    );
  const operationId = match?.[1];
  const operation = operationId === undefined ? undefined : (findOperation(operationId) ?? mapped.find((op) => op.id === operationId));
  const path = match?.[3] ?? match?.[5] ?? match?.[7];
  if (!match || !operation || path === undefined) {
    throw new KitError(
      'OTP_BAD_OPTION',
      `--replay ${JSON.stringify(text)} is not <operation id>:<conforming|hostile|coverage|page>:<path>; copy it from a deviation's replay field, e.g. --replay ${operations[0]?.id}:hostile:3:0. Operation ids: ${operations.map((op) => op.id).join(', ')}.`,
    );
  }
  return { operation, intent: (match[2] ?? match[4] ?? match[6]) as GeneratedIntent | CoverageKind, path };
}

/** The intent, path, payload and body of the call to send again. */
function sendArguments(
  operation: Operation,
  intent: GeneratedIntent | CoverageKind,
  path: string,
  seed: number,
): [Intent, string, unknown, string | undefined] {
  const call = callAtPath(operation, `${intent}:${path}`, seed);
  if (!call) throw new KitError('OTP_BAD_OPTION', `--replay: ${operation.id} has no call ${intent}:${path}; copy it from a deviation's replay field.`);
  return [call.judgedAs, `${intent}:${path}`, call.payload, call.body];
}

/** Regenerates one call from the seed and its path, sends it exactly, and judges it again. */
export async function replayCall(text: string, settings: RunSettings, client: Client, validator: Validator): Promise<ReplayResult> {
  const { operation, intent, path } = parseReplay(text, settings.mapped);
  const exchange = await new OperationSession(client, operation).send(...sendArguments(operation, intent, path, settings.seed));
  const context = operationContext(settings, client, validator);
  const exchangeChecks = context.checks.filter((check) => check.scope === 'exchange');
  const verdicts = judge([exchange], exchangeChecks, context);
  const deviations = verdicts.causes.map((cause) => causeDeviation(cause, cause.samples[0], undefined, context));
  const evidence = toDeviation({ id: 'replay', severity: 'info', rule: '', title: '' }, { instancePath: '', expected: '', actual: '' }, exchange, context);
  return { operation: operation.path, path: exchange.path, deviations, repro: evidence.repro, answered: exchange.response !== undefined };
}
