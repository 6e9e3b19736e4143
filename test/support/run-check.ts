import { meetings, runWhereMet } from '../../src/checks/preconditions.js';
import type { AnyExchangeCheck, CheckContext, Exchange, Finding } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';

let defaultContext: CheckContext | undefined;
const contextOf = (context: CheckContext | undefined): CheckContext => context ?? (defaultContext ??= { validator: createValidator() });

/**
 * Runs an exchange check on a fixture, narrowed to the check's precondition as the judge narrows
 * it. A fixture that does not meet the precondition is a broken test, not a quiet check: the test
 * fails and says which precondition it missed.
 */
export function runCheck(check: AnyExchangeCheck, exchange: Exchange, context?: CheckContext): Finding[] {
  const findings = runWhereMet(check, meetings(exchange), contextOf(context));
  if (findings === undefined) {
    throw new Error(
      `The fixture does not meet ${check.id}'s precondition "${check.needs}" (see Precondition in src/checks/types.ts): fix the fixture, or use judgeAsTheJudgeDoes to test that the check is skipped.`,
    );
  }
  return findings;
}

/**
 * What the judge finds with a check on an exchange: nothing where the check does not judge the
 * call's intent or the exchange does not meet its precondition (the judge counts it as skipped).
 */
export function judgeAsTheJudgeDoes(check: AnyExchangeCheck, exchange: Exchange, context?: CheckContext): Finding[] {
  if (!check.intents.includes(exchange.intent)) return [];
  return runWhereMet(check, meetings(exchange), contextOf(context)) ?? [];
}
