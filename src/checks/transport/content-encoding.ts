import { contentCodings } from '../../client/decode.js';
import { NO_CODING } from '../http-probes.js';
import type { Exchange, ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** The weight an Accept-Encoding gives a coding (RFC 9110 12.5.3, 12.4.2): its own, else that of `*`, else 0; identity is acceptable unless refused. */
function weightOf(acceptEncoding: string, coding: string): number {
  const weights = new Map<string, number>();
  for (const member of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = member.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    // A weight that is no number refuses nothing the kit can hold the server to.
    weights.set(name, Number.isNaN(weight) ? 1 : weight);
  }
  return weights.get(coding) ?? weights.get(`x-${coding}`) ?? weights.get('*') ?? (coding === 'identity' ? 1 : 0);
}

/** "A recipient SHOULD consider "x-gzip" to be equivalent to "gzip"" (RFC 9110 8.4.1.3), and x-compress to compress. */
const plainName = (coding: string) => coding.replace(/^x-(gzip|compress)$/, '$1');

/** The request's Accept-Encoding as sent, whatever the case of its field name. */
const acceptEncodingOf = (exchange: Exchange): string | undefined =>
  Object.entries(exchange.request.headers).find(([name]) => name.toLowerCase() === 'accept-encoding')?.[1];

export const contentEncoding: ExchangeCheck<'response'> = {
  id: 'content-encoding',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-8.4-codings-listed', 'rfc9110-12.5.3-acceptable-coding'],
  severity: 'warning',
  title: 'Content-Encoding does not match the body',
  description: `A Content-Encoding the body is not in (a "gzip" label on plain bytes, a broken stream), or one the request did not accept: one the kit did not ask for, or one the request gave weight 0 ("A value of 0 means "not acceptable"", RFC 9110 §12.4.2), as the persistent HTTP probe does for every coding it reads (\`${NO_CODING}\`). The spec says nothing of compression, so this is a warning: the body is judged as received, and a client that trusts the header cannot read it. Judged on the HTTP probes the pool sends too, which ask for codings as every call does; a call on the kit's own connection that sends no Accept-Encoding accepts any coding (RFC 9110 §12.5.3).`,
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const problem = exchange.response?.encodingProblem;
    if (problem !== undefined) {
      return [{ instancePath: '', expected: 'a body in the coding its content-encoding names (gzip, deflate or br, as asked)', actual: problem }];
    }
    const accepted = acceptEncodingOf(exchange);
    if (accepted === undefined) return [];
    const refused = contentCodings(exchange.response?.headers['content-encoding']).filter((coding) => weightOf(accepted, plainName(coding)) === 0);
    if (refused.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: `no content coding the request refused (accept-encoding: ${accepted})`,
        actual: `content-encoding: ${refused.join(', ')}`,
      },
    ];
  },
};
