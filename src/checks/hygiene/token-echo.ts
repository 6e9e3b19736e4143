import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** The operations whose answer is a token by design: one there may be the token sent. */
const ISSUES_TOKENS = new Set(['token-get', 'login', 'account-register']);
/** Shorter tokens are found inside other text by chance. */
const SHORTEST_TOKEN = 8;

/** The token of an `authorization` value, whichever way it was written (`bearer<T>`, `Bearer <T>`, `<T>`). */
const tokenOf = (authorization: string) => authorization.replace(/^bearer\s*/i, '').trim();

export const tokenEcho: ExchangeCheck<'response'> = {
  id: 'token-echo',
  scope: 'exchange',
  ...clause('authorization-header'),
  standards: ['owasp-api8-error-details', 'rfc9110-9.3.8-trace'],
  severity: 'warning',
  title: 'The answer repeats the token it was sent',
  description:
    'The token of the call\'s `authorization` header, written again in the answer: its body or a response header, typically an error that echoes the whole request. Every log, proxy and error tracker that keeps answers then holds a credential (OWASP API8, "Error messages … expose other sensitive information"). Not judged on the operations that answer with a token (the token operation, login, register). A warning: the spec says nothing of what an answer may repeat. Reports show the token as [REDACTED], as everywhere.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  appliesTo: (operation) => !ISSUES_TOKENS.has(operation.id),
  run(exchange) {
    const authorization = exchange.request.headers.authorization;
    const token = authorization === undefined ? '' : tokenOf(authorization);
    if (token.length < SHORTEST_TOKEN) return [];
    const { bodyText, headers } = exchange.response;
    const where = [
      bodyText.includes(token) ? 'the body' : '',
      ...Object.entries(headers).flatMap(([name, value]) => (value.includes(token) ? [`the ${name} header`] : [])),
    ].filter(Boolean);
    if (where.length === 0) return [];
    return [{ instancePath: '', expected: 'no token in the answer', actual: `the token sent, written again in ${where.join(' and ')}` }];
  },
};
