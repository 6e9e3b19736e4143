import { span } from '../_internals/span.js';
import type { ExchangeCheck } from '../types.js';
import { dateProblem, imfFixdateMs } from './_internals/http-date.js';
import { clause } from '../clauses.js';

export const lastModified: ExchangeCheck<'response'> = {
  id: 'last-modified',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-8.8.2.1-last-modified', 'rfc9110-5.6.7-imf-fixdate'],
  severity: 'warning',
  title: 'Last-Modified not an HTTP date, or later than the Date',
  description:
    'A Last-Modified that is not an IMF-fixdate ("Last-Modified = HTTP-date", RFC 9110 §8.8.2, written as §5.6.7 says), or that is later than the Date of the same answer: "An origin server with a clock … MUST NOT generate a Last-Modified date that is later than the server\'s time of message origination (Date)" (§8.8.2.1). A time written in local time and labelled GMT (a host in China eight hours ahead) is such a date in the future: caches reckon freshness from it and clients send it back in If-Modified-Since, where it matches nothing the server holds. Judged against a Date that is an IMF-fixdate; an answer without one is `date-header`\'s. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const { headers } = exchange.response;
    const value = headers['last-modified'];
    if (value === undefined) return [];
    const problem = dateProblem(value.trim());
    if (problem !== undefined) {
      return [{ instancePath: '', expected: 'last-modified: an IMF-fixdate (Sun, 06 Nov 1994 08:49:37 GMT)', actual: `last-modified: ${value} (${problem})` }];
    }
    const modified = imfFixdateMs(value.trim());
    const date = headers.date === undefined ? undefined : imfFixdateMs(headers.date.trim());
    if (modified === undefined || date === undefined || modified <= date) return [];
    return [
      {
        instancePath: '',
        expected: 'last-modified: no later than the Date of the answer (RFC 9110 §8.8.2.1)',
        actual: `last-modified: ${value}, ${span(modified - date)} after date: ${headers.date}`,
      },
    ];
  },
};
