import type { Operation } from '../../catalogue/operations.js';
import { authProbes } from '../../checks/auth/probes.js';
import { coverageRequests } from '../../generators/coverage/requests.js';
import { callCount } from '../operation/calls.js';
import { MOST_HTTP_PROBES } from '../operation/http-probes.js';
import { asksListed, MOST_LISTED_CALLS, QUICK_LISTED_CALLS } from '../operation/listed-lookups.js';
import { walkCallsAtMost } from '../operation/page-walk.js';
import { relationCallsAtMost } from '../operation/relations.js';
import { deletesRecords, type OwnRecordRecipe } from '../operation/own-records.js';
import type { Phase } from '../operation/run-operation.js';
import { walkBoundsOf } from './context.js';
import type { RunSettings } from './settings.js';

/** The calls a phase of one operation sends: exactly, or at most (where the server's answers decide). */
export interface PhaseRequests {
  readonly requests: number;
  readonly exact: boolean;
}

/**
 * What each phase of an operation (PHASES of run-operation.ts) sends under a run's settings, known
 * before anything is sent. The coverage pass and the generated calls are fixed; the page walk reads
 * as many pages as the server says there are, a near-miss probe is not sent where the token has
 * no near miss (nor the unsigned JWT where the token is that JWT), and a lookup asks for its list's
 * records only where the run walks that list and it shows them, so those are bounds. A delete
 * with a recipe (`ownRecords`) first creates a record for each valid call and reads its list once:
 * at most that many more. The relations of a list (relations.ts) send a few calls of their own, and
 * each asks its calls once more where their answers break it: a bound. Not
 * counted: the calls that re-send each cause found once, and those that shrink a hostile failure.
 */
export function plannedRequests(
  operation: Operation,
  settings: Pick<RunSettings, 'runs' | 'hostileRuns' | 'authProbes' | 'httpProbes' | 'coveragePass' | 'walkPages' | 'walkRecords' | 'excludedChecks'>,
  ownRecords?: ReadonlyMap<string, OwnRecordRecipe>,
): Readonly<Record<Phase, PhaseRequests>> {
  const coveragePass = settings.coveragePass !== false;
  const conforming = callCount(operation, 'conforming', settings.runs);
  const makesRecords = deletesRecords(operation) && conforming > 0 && ownRecords?.has(operation.id) === true;
  const ownRecordCalls = makesRecords ? conforming + 1 : 0;
  const coverage = coveragePass && operation.requestSchema !== undefined ? coverageRequests(operation.id).length : 0;
  const walk = coveragePass ? walkCallsAtMost(operation, walkBoundsOf(settings)) : 0;
  // The probes re-send the first valid call, with the header written other ways.
  const probes = settings.authProbes && conforming > 0 ? authProbes.length : 0;
  // The HTTP probes re-send it too (HTTP_PROBES): a precondition only of a validator its answer gives, a GET only of a payload that makes a query.
  const httpProbes = settings.httpProbes !== false && conforming > 0 ? MOST_HTTP_PROBES : 0;
  // A lookup asks for the two ends of its list, where the list shows two records; it reads them itself where the run does not walk the list.
  const listed = asksListed(operation) ? (coveragePass ? MOST_LISTED_CALLS : QUICK_LISTED_CALLS) : 0;
  // The relations that fit a list, where the walk reads it: a few calls of their own, and each asked once more where it breaks.
  const keeps = (id: string) => settings.excludedChecks?.includes(id) !== true;
  const relations = coveragePass ? relationCallsAtMost(operation, keeps, walkBoundsOf(settings)) : 0;
  return {
    coverage: { requests: coverage, exact: true },
    walk: { requests: walk, exact: walk === 0 },
    conforming: { requests: conforming + ownRecordCalls, exact: ownRecordCalls === 0 },
    hostile: { requests: callCount(operation, 'hostile', settings.hostileRuns), exact: true },
    probes: { requests: probes, exact: probes === 0 },
    'http-probes': { requests: httpProbes, exact: httpProbes === 0 },
    listed: { requests: listed, exact: listed === 0 },
    relations: { requests: relations, exact: relations === 0 },
  };
}
