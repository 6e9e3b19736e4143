import fc from 'fast-check';
import type { Operation } from '../catalogue/operations.js';
import { wirePath } from '../catalogue/operations.js';
import { holds } from '../checks/preconditions.js';
import type { Check, CheckContext, Exchange, Finding } from '../checks/types.js';
import type { Client } from '../client/client.js';
import { validPayload } from '../generators/payloads.js';
import { type Deviation, deviationMessage, foldDeviations } from './deviation.js';
import { createRedactor } from './redact.js';
import { curlRepro } from './repro.js';
import { operationSeed } from './seed.js';

/** Response bodies are kept in deviations up to this many characters. */
export const RESPONSE_EXCERPT_CHARS = 2048;

export interface OperationResult {
  readonly operationId: string;
  readonly operation: string;
  readonly group: string;
  /** Calls made. */
  readonly exchanges: number;
  /** Check evaluations made (one check on one exchange, or on one operation's exchanges). */
  readonly evaluations: number;
  /** Evaluations that found nothing. */
  readonly passed: number;
  /** Evaluations not made because what they judge was absent (no response, an error result…). */
  readonly skipped: number;
  readonly deviations: readonly Deviation[];
  readonly durationMs: number;
}

export interface OperationRunContext extends CheckContext {
  readonly client: Client;
  readonly checks: readonly Check[];
  readonly runs: number;
  readonly seed: number;
  /** Strings never written into evidence: the token and any credential. */
  readonly secrets: readonly string[];
  readonly token: string;
}

function evidence(exchange: Exchange, redact: (text: string) => string): Pick<Deviation, 'request' | 'response'> {
  const redactHeaders = (headers: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
  const { request, response } = exchange;
  return {
    request: {
      method: request.method,
      url: redact(request.url),
      headers: redactHeaders(request.headers),
      body: request.body === undefined ? undefined : redact(request.body),
    },
    ...(response && {
      response: {
        status: response.status,
        headers: redactHeaders(response.headers),
        body: redact(response.bodyText.slice(0, RESPONSE_EXCERPT_CHARS)),
        bodyTruncated: response.bodyText.length > RESPONSE_EXCERPT_CHARS,
      },
    }),
  };
}

/** Sends `runs` generated valid payloads to one operation and judges every exchange with every check. */
export async function runOperation(operation: Operation, context: OperationRunContext): Promise<OperationResult> {
  const started = performance.now();
  const redact = createRedactor(context.secrets);
  const payloads = fc.sample(validPayload(operation.id), {
    seed: operationSeed(context.seed, operation.id),
    numRuns: context.runs,
  });
  const exchanges: Exchange[] = await Promise.all(
    payloads.map(async (payload) => {
      const body = JSON.stringify(payload);
      const transcript = await context.client.send({ method: operation.method, wirePath: wirePath(operation), body });
      return { ...transcript, operation, payload };
    }),
  );

  const applicable = context.checks.filter((check) => check.appliesTo?.(operation) ?? true);
  const deviations: Deviation[] = [];
  let evaluations = 0;
  let passed = 0;
  let skipped = 0;
  const record = (check: Check, findings: Finding[], exchange: Exchange, index: number) => {
    evaluations++;
    if (findings.length === 0) passed++;
    for (const finding of findings) {
      deviations.push({
        severity: check.severity,
        operation: operation.path,
        operationId: operation.id,
        group: operation.group,
        check: check.id,
        rule: check.rule,
        message: redact(deviationMessage(check.title, finding.actual, finding.expected, check.rule)),
        instancePath: finding.instancePath,
        expected: finding.expected,
        actual: redact(finding.actual),
        ...evidence(exchange, redact),
        seed: context.seed,
        path: String(index),
        repro: redact(curlRepro(exchange.request, context.token)),
        occurrences: 1,
      });
    }
  };

  exchanges.forEach((exchange, index) => {
    for (const check of applicable) {
      if (check.scope !== 'exchange') continue;
      if (!holds(check.needs, exchange)) {
        skipped++;
        continue;
      }
      record(check, check.run(exchange, context), exchange, index);
    }
  });
  for (const check of applicable) {
    if (check.scope === 'operation' && exchanges.length > 0) record(check, check.run(exchanges, context), exchanges[0]!, 0);
  }

  return {
    operationId: operation.id,
    operation: operation.path,
    group: operation.group,
    exchanges: exchanges.length,
    evaluations,
    passed,
    skipped,
    deviations: foldDeviations(deviations),
    durationMs: Math.round(performance.now() - started),
  };
}
