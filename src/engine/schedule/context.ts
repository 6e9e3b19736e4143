import { ownRecordRecipes } from '../operation/own-records.js';
import { allChecks } from '../../checks/index.js';
import { DEFAULT_WALK_PAGES, DEFAULT_WALK_RECORDS } from '../../generators/coverage/pages.js';
import { type Client, createClient } from '../../client/client.js';
import { Redactor } from '../../redaction/redactor.js';
import type { Validator } from '../../validation/validator.js';
import type { WalkBounds } from '../operation/page-walk.js';
import type { OperationRunContext } from '../operation/run-operation.js';
import type { RunSettings } from './settings.js';
import { issuedCookies, issuedTokens, tokenIssuingPaths } from '../target/issued-tokens.js';
import { obtainToken } from '../target/token.js';
import { loggingClient } from './exchange-log.js';
import type { HeapWatch } from './heap-watch.js';

/** A shrink may send this many requests… */
const SHRINK_MAX_REQUESTS = 60;
/** …and take at most this long, or three timeouts if that is shorter. */
const SHRINK_TIME_LIMIT_MS = 15_000;

/** The page walk's bounds under a run's settings. */
export const walkBoundsOf = (settings: Pick<RunSettings, 'walkPages' | 'walkRecords'>): WalkBounds => ({
  pages: settings.walkPages ?? DEFAULT_WALK_PAGES,
  records: settings.walkRecords ?? DEFAULT_WALK_RECORDS,
});

/** What the engine needs to run one operation under a run's settings. */
export function operationContext(
  settings: RunSettings,
  client: Client,
  validator: Validator,
  redactor: Redactor = new Redactor(settings.secrets),
): OperationRunContext {
  return {
    client,
    validator,
    checks: allChecks.filter((check) => !settings.excludedChecks?.includes(check.id)),
    runs: settings.runs,
    lanes: settings.concurrency,
    hostileRuns: settings.hostileRuns,
    authProbes: settings.authProbes,
    ...(settings.issued ? { issued: settings.issued } : {}),
    ...(settings.httpProbes === false ? { httpProbes: false } : {}),
    seed: settings.seed,
    token: settings.token,
    authScheme: settings.authScheme,
    redactor,
    ...(settings.coveragePass === false ? {} : { coverage: walkBoundsOf(settings) }),
    ownRecords: ownRecordRecipes(settings.mapped, settings.mappedFlows),
    shrink: { maxRequests: SHRINK_MAX_REQUESTS, timeLimitMs: Math.min(SHRINK_TIME_LIMIT_MS, settings.timeoutMs * 3) },
  };
}

/**
 * The client of a run, and the run's one redactor, which keeps its secrets out of everything it
 * writes. Tokens the server issues join it as they arrive: those in any answer of login or the token
 * operation, the cookies those answers set, and the new token a call refused as unauthorized gets
 * from the token operation. With a heap watch, a body whose parse would not fit is left unparsed.
 */
export function clientForRun(settings: RunSettings, heap?: HeapWatch): { client: Client; redactor: Redactor } {
  const redactor = new Redactor(settings.secrets);
  const keep = (tokens: readonly string[]) => {
    for (const token of tokens) redactor.add(token);
  };
  const source = settings.tokenSource;
  const sender: Client = createClient({
    ...settings,
    ...(heap ? { roomToParse: (bytes: number) => heap.roomToParse(bytes) } : {}),
    ...(source
      ? {
          refreshToken: async () => {
            const token = await obtainToken(sender, source).catch(() => undefined);
            if (token) keep([token]);
            return token;
          },
        }
      : {}),
  });
  const issuing = tokenIssuingPaths(settings.mapped, source?.operation);
  const client: Client = {
    send: (request) =>
      issuing.has(request.wirePath)
        ? sender.send(request).then((transcript) => {
            keep([...issuedTokens(transcript, source?.pointer), ...issuedCookies(transcript).map((cookie) => cookie.value)]);
            return transcript;
          })
        : sender.send(request),
    converse: (requests) => sender.converse(requests),
    pipeline: (requests) => sender.pipeline(requests),
    close: () => sender.close(),
  };
  return { client: settings.exchangeLogDir ? loggingClient(client, settings.exchangeLogDir, redactor, settings.harBodies ?? 'excerpt') : client, redactor };
}
