import type { Check, Finding, FindingParams } from '../../checks/types.js';
import type { SentRequest } from '../../client/exchange.js';
import type { KeptExchange } from '../../checks/kept-exchange.js';
import type { Redactor } from '../../redaction/redactor.js';
import { type Deviation, type DeviationStep, deviationMessage } from './deviation.js';
import { curlRepro, shellWord } from './repro.js';

/** Response bodies are kept in deviations up to this many characters. */
export const RESPONSE_EXCERPT_CHARS = 2048;

export interface EvidenceContext {
  readonly seed: number;
  readonly token: string;
  /**
   * The run's one redactor: it knows the token, the credentials and the tokens the server issued so
   * far (it learns them as they arrive), and nothing is written into evidence that it has not seen.
   */
  readonly redactor: Redactor;
}

function hostileNote(exchange: KeptExchange): string | undefined {
  const payload = exchange.payload as { kind?: string; description?: string } | undefined;
  return exchange.intent === 'hostile' && payload?.kind ? `${payload.kind}: ${payload.description ?? ''}` : undefined;
}

/** A finding's params with every text redacted, as its prose is: a header's value may hold a secret. */
function redactedParams(params: FindingParams, redact: (text: string) => string): FindingParams {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value]));
}

/**
 * A finding of a check on an exchange, with the evidence to see it and the lines to repeat it.
 * Everything taken from the exchange or the finding is redacted here, before it is cut or stored.
 */
export function toDeviation(
  check: Pick<Check, 'id' | 'severity' | 'rule' | 'title'>,
  finding: Finding,
  exchange: KeptExchange,
  context: EvidenceContext,
): Deviation {
  const { redactor } = context;
  const redact = (text: string) => redactor.text(text);
  const { request, response, operation } = exchange;
  const note = hostileNote(exchange);
  const replayable = exchange.intent === 'conforming' || exchange.intent === 'hostile';
  const excerpt = response && redactor.excerpt(response.bodyText, RESPONSE_EXCERPT_CHARS);
  return {
    severity: check.severity,
    operation: operation.path,
    operationId: operation.id,
    group: operation.group,
    check: check.id,
    rule: check.rule,
    message: redact(deviationMessage(check.title, finding.actual, finding.expected, check.rule)),
    instancePath: redact(finding.instancePath),
    expected: redact(finding.expected),
    actual: redact(finding.actual),
    ...(finding.params === undefined ? {} : { params: redactedParams(finding.params, redact) }),
    intent: exchange.intent,
    ...(note ? { input: redact(note) } : {}),
    request: {
      method: request.method,
      url: redact(request.url),
      headers: redactor.headers(request.headers),
      body: request.body === undefined ? undefined : redact(request.body),
    },
    ...(response &&
      excerpt && {
        response: {
          status: response.status,
          headers: redactor.headers(response.headers),
          body: excerpt.text,
          bodyTruncated: excerpt.truncated,
        },
      }),
    seed: context.seed,
    path: exchange.path,
    ...(replayable ? { replay: `--seed ${context.seed} --replay ${shellWord(`${operation.id}:${exchange.path}`)}` } : {}),
    repro: redact(curlRepro(request, context.token)),
    occurrences: 1,
  };
}

/** A call a deviation rests on, before redaction: where it stands, the request as sent, the answer in outline. */
export interface StepSource {
  readonly path: string;
  readonly request: SentRequest;
  readonly answer: string;
}

/**
 * A deviation that rests on several calls, with each of them as evidence (redacted like every other
 * piece of it) and a repro that replays them in order: one curl line per call.
 */
export function withSteps(deviation: Deviation, sources: readonly StepSource[], context: EvidenceContext): Deviation {
  if (sources.length === 0) return deviation;
  const { redactor } = context;
  const steps: DeviationStep[] = sources.map(({ path, request, answer }) => ({
    path,
    request: {
      method: request.method,
      url: redactor.text(request.url),
      headers: redactor.headers(request.headers),
      body: request.body === undefined ? undefined : redactor.text(request.body),
    },
    answer: redactor.text(answer),
  }));
  const repro = sources.map((source) => redactor.text(curlRepro(source.request, context.token))).join('\n');
  // One call replayed would not show it: the steps and their repro do.
  const { replay: _oneCall, ...rest } = deviation;
  return { ...rest, steps, repro };
}
