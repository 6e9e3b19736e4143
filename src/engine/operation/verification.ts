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
