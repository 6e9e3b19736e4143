import { holds, jsonBody } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { unauthorized } from '../client/client.js';
import { wasSent } from './judge.js';

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
export function whyUnverified(exchanges: readonly Exchange[], dataChecked: boolean | undefined): string | undefined {
  const calls = exchanges.filter((exchange) => exchange.intent === 'conforming' && wasSent(exchange));
  if (calls.length === 0) return 'no call was sent';
  // An answer cut short (a deadline or the body cap reached mid-body, a reset) was never seen whole: the checks judged only its first bytes.
  const answered = calls.filter((exchange) => holds('response', exchange) && !exchange.failure);
  if (answered.length === 0) {
    const kinds = [
      ...new Set(
        calls.map((exchange) =>
          exchange.response && exchange.failure
            ? `HTTP ${exchange.response.status}, then ${exchange.failure.kind}`
            : exchange.response
              ? `HTTP ${exchange.response.status}`
              : (exchange.failure?.kind ?? 'no answer'),
        ),
      ),
    ];
    return `none of ${calls.length} call${calls.length === 1 ? '' : 's'} got an answer (${kinds.join(', ')})`;
  }
  if (answered.every(unauthorized)) {
    return `every answer refused the token (${answered.length} call${answered.length === 1 ? '' : 's'}, HTTP 401/403 or code "401"/"403")`;
  }
  if (dataChecked === false) {
    return `none of ${answered.length} answer${answered.length === 1 ? '' : 's'} carried data to check (${answerKinds(answered)})`;
  }
  return undefined;
}

/** What the answers were instead of data, in a few words: their statuses and envelope codes, the first few. */
function answerKinds(answers: readonly Exchange[]): string {
  const kinds = new Set<string>();
  for (const exchange of answers) {
    const body = jsonBody(exchange) as { code?: unknown } | undefined;
    const code = body !== null && typeof body === 'object' && body.code !== undefined ? `, code ${JSON.stringify(body.code)}` : '';
    kinds.add(`HTTP ${exchange.response!.status}${exchange.response!.json.ok ? code : ', not JSON'}`);
  }
  const listed = [...kinds];
  return `${listed.slice(0, 3).join('; ')}${listed.length > 3 ? `; ${listed.length - 3} more kinds` : ''}: error results or bodies that are not the envelope`;
}
