import { holds } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { unauthorized } from '../client/client.js';
import { wasSent } from './judge.js';

/**
 * Why no answer of an operation could be checked, or undefined when some could. Its conforming
 * calls (valid payload, documented header) are what verify it: when every one of them failed on
 * the wire (or was a 429 the kit could not wait out, or had its answer cut short after the status
 * line), or every answer refused the token, the checks judged nothing of the operation itself.
 * An operation that answers with error results is verified (its envelope was judged);
 * `operation-verified` notes that its data was never seen.
 */
export function whyUnverified(exchanges: readonly Exchange[]): string | undefined {
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
  return undefined;
}
