import { findOperation, type Operation, operations } from '../catalogue/operations.js';
import type { Client } from '../client/client.js';
import { KitError } from '../errors.js';
import type { Validator } from '../validation/validator.js';
import { callAt, type GeneratedIntent } from './calls.js';
import { causeDeviation } from './cause-evidence.js';
import { operationContext } from './context.js';
import type { Deviation } from './deviation.js';
import { toDeviation } from './evidence.js';
import { judge } from './judge.js';
import { OperationSession } from './session.js';
import type { RunSettings } from './settings.js';

export interface ReplayResult {
  readonly operation: string;
  readonly path: string;
  readonly deviations: readonly Deviation[];
  readonly repro: string;
}

const replayable: readonly GeneratedIntent[] = ['conforming', 'hostile'];

/** `<operation id>:<intent>:<fast-check path>`, as a deviation's `replay` field gives it. */
function parseReplay(text: string, mapped: readonly Operation[]): { operation: Operation; intent: GeneratedIntent; path: string } {
  const match = /^([a-z-]+):(conforming|hostile):(\d+(?::\d+)*)$/.exec(text.trim());
  const operationId = match?.[1];
  const operation = operationId === undefined ? undefined : (findOperation(operationId) ?? mapped.find((op) => op.id === operationId));
  if (!match || !operation) {
    throw new KitError(
      'OTP_BAD_OPTION',
      `--replay ${JSON.stringify(text)} is not <operation id>:<conforming|hostile>:<path>; copy it from a deviation's replay field, e.g. --replay ${operations[0]!.id}:hostile:3:0. Operation ids: ${operations.map((op) => op.id).join(', ')}.`,
    );
  }
  return { operation, intent: match[2] as GeneratedIntent, path: match[3]! };
}

/** Regenerates one call from the seed and its path, sends it exactly, and judges it again. */
export async function replayCall(text: string, settings: RunSettings, client: Client, validator: Validator): Promise<ReplayResult> {
  const { operation, intent, path } = parseReplay(text, settings.mapped);
  if (!replayable.includes(intent)) throw new KitError('OTP_BAD_OPTION', `--replay takes conforming or hostile calls.`);
  const call = callAt(operation, intent, settings.seed, path);
  const exchange = await new OperationSession(client, operation).send(intent, `${intent}:${path}`, call.payload, call.body);
  const context = operationContext(settings, client, validator);
  const exchangeChecks = context.checks.filter((check) => check.scope === 'exchange');
  const verdicts = judge([exchange], exchangeChecks, context);
  const deviations = verdicts.causes.map((cause) => causeDeviation(cause, cause.samples[0]!, undefined, context));
  const evidence = toDeviation({ id: 'replay', severity: 'info', rule: '', title: '' }, { instancePath: '', expected: '', actual: '' }, exchange, context);
  return { operation: operation.path, path: exchange.path, deviations, repro: evidence.repro };
}
