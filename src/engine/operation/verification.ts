import type { Operation } from '../../catalogue/operations.js';
import { answered, refusedToken } from '../../checks/call-record.js';
import type { CallRecord } from '../../checks/types.js';

/**
 * Why no answer of an operation could be checked, or undefined when some could. Its conforming
 * calls (valid payload, documented header) are what verify it: when every one of them failed on
 * the wire (or was a 429 the kit could not wait out, or had its answer cut short after the status
 * line), or every answer refused the token, the checks judged nothing of the operation itself.
 * An operation whose documented `data` holds records is verified only when some answer's data was
 * checked against them (`dataChecked`; undefined where the documented data is an empty object):
 * error results alone leave the documented shape unseen, and a run that never saw it cannot say
 * the server conforms.
 */
export function whyUnverified(calls: readonly CallRecord[], dataChecked: boolean | undefined): string | undefined {
  const conforming = calls.filter((call) => call.intent === 'conforming');
  if (conforming.length === 0) return 'no call was sent';
  // An answer cut short (a deadline or the body cap reached mid-body, a reset) was never seen whole: the checks judged only its first bytes.
  const answers = conforming.filter(answered);
  if (answers.length === 0) {
    const kinds = [
      ...new Set(
        conforming.map((call) =>
          call.status !== undefined && call.failure
            ? `HTTP ${call.status}, then ${call.failure}`
            : call.status !== undefined
              ? `HTTP ${call.status}`
              : (call.failure ?? 'no answer'),
        ),
      ),
    ];
    return `none of ${conforming.length} call${conforming.length === 1 ? '' : 's'} got an answer (${kinds.join(', ')})`;
  }
  if (answers.every(refusedToken)) {
    return `every answer refused the token (${answers.length} call${answers.length === 1 ? '' : 's'}, HTTP 401/403 or code "401"/"403")`;
  }
  if (dataChecked === false) {
    return `none of ${answers.length} answer${answers.length === 1 ? '' : 's'} carried data to check (${answerKinds(answers)})`;
  }
  return undefined;
}

/** What the answers were instead of data, in a few words: their statuses and envelope codes, the first few. */
function answerKinds(answers: readonly CallRecord[]): string {
  const kinds = new Set(
    answers.map((call) =>
      call.envelope === undefined
        ? `HTTP ${call.status}, not the envelope`
        : `HTTP ${call.status}${call.envelope.code === undefined ? '' : `, code ${JSON.stringify(call.envelope.code)}`}`,
    ),
  );
  const listed = [...kinds];
  return `${listed.slice(0, 3).join('; ')}${listed.length > 3 ? `; ${listed.length - 3} more kinds` : ''}: error results or bodies that are not the envelope`;
}

/** Where a path of a call says it asked for a record the run learnt from a list (listed-lookups.ts, listed-id-pairs.ts). */
const askedListed = (call: CallRecord) => call.path.startsWith('listed:') || call.path.startsWith('listed-id:');

/** What an operation's valid calls verified: why none could be checked, or why its records went unchecked though its answers were. */
export interface Verification {
  /** See whyUnverified; undefined where some answer could be checked. */
  readonly unverified?: string;
  /**
   * Of a lookup by id, whose answers were all error results to ids the run guessed and never saw
   * listed or created: its envelopes were checked, its records were not. A server answers an id it
   * does not hold with an error result, and that conforms; only an id the run learnt from the server
   * can show a record. What the run could not learn, and how a user gives it an id to ask for.
   */
  readonly recordsUnchecked?: string;
}

/**
 * The verification of an operation from its calls: `conforming` are its generated valid calls,
 * `all` every call of its plan (the lookups of listed records among them).
 */
export function verificationOf(
  operation: Operation,
  conforming: readonly CallRecord[],
  all: readonly CallRecord[],
  dataChecked: boolean | undefined,
): Verification {
  const unverified = whyUnverified(conforming, dataChecked);
  if (unverified === undefined) return {};
  const answers = conforming.filter(answered);
  const errorResults = answers.length > 0 && answers.every((call) => call.envelope?.errorResult === true && !refusedToken(call));
  // A record the server listed and then did not show is no guess: that stays unverified.
  const guessedOnly = operation.lookup === true && dataChecked === false && errorResults && !all.some(askedListed);
  return guessedOnly ? { recordsUnchecked: recordsUncheckedReason(operation, answers.length) } : { unverified };
}

/** Why a lookup's records went unchecked, and how to give the run an id it can ask for. */
function recordsUncheckedReason(operation: Operation, answers: number): string {
  const how =
    operation.listedIn === undefined
      ? 'the kit pairs it with no list to learn ids from, so only a guessed id the server holds shows a record'
      : `map its list ${operation.listedIn} with --operation-map (or leave it in the run), so the run asks for ids the server lists`;
  return `its ${answers} answer${answers === 1 ? '' : 's'} were error results to ids the run guessed, as a server answers ids it does not hold: the envelopes were checked, no record was; ${how}`;
}
