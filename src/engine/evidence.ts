import type { Check, Exchange, Finding } from '../checks/types.js';
import { type Deviation, deviationMessage } from './deviation.js';
import { createRedactor } from './redact.js';
import { curlRepro } from './repro.js';

/** Response bodies are kept in deviations up to this many characters. */
export const RESPONSE_EXCERPT_CHARS = 2048;

export interface EvidenceContext {
  readonly seed: number;
  readonly token: string;
  /** Strings never written into evidence: the token and any credential. */
  readonly secrets: readonly string[];
}

function hostileNote(exchange: Exchange): string | undefined {
  const payload = exchange.payload as { kind?: string; description?: string } | undefined;
  return exchange.intent === 'hostile' && payload?.kind ? `${payload.kind}: ${payload.description ?? ''}` : undefined;
}

/** A finding of a check on an exchange, with the evidence to see it and the lines to repeat it. */
export function toDeviation(
  check: Pick<Check, 'id' | 'severity' | 'rule' | 'title'>,
  finding: Finding,
  exchange: Exchange,
  context: EvidenceContext,
): Deviation {
  const redact = createRedactor(context.secrets);
  const redactHeaders = (headers: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, redact(value)]));
  const { request, response, operation } = exchange;
  const note = hostileNote(exchange);
  const replayable = exchange.intent === 'conforming' || exchange.intent === 'hostile';
  return {
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
    intent: exchange.intent,
    ...(note ? { input: redact(note) } : {}),
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
    seed: context.seed,
    path: exchange.path,
    ...(replayable ? { replay: `--seed ${context.seed} --replay ${operation.id}:${exchange.path}` } : {}),
    repro: redact(curlRepro(request, context.token)),
    occurrences: 1,
  };
}
