import { type ExchangeCheck, everyIntent } from '../types.js';
import { dateProblem, imfFixdateMs } from './_internals/http-date.js';
import { sfItem } from './_internals/structured-fields.js';
import { clause } from '../clauses.js';

export const deprecationHeader: ExchangeCheck<'response'> = {
  id: 'deprecation-header',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9745-2.1-deprecation-date'],
  severity: 'warning',
  title: 'A Deprecation that is no date, or a Sunset that is no HTTP date',
  description:
    'An answer whose Deprecation is no Structured Fields Date (`@1688169599`, seconds since 1970): Deprecation "is an Item Structured Header Field; its value MUST be a Date as defined in Section 3.3.7 of [STRUCTURED-FIELDS]" (RFC 9745 §2.1), and `true`, which early drafts wrote, is a Token; or whose Sunset is not an HTTP-date in IMF-fixdate form (RFC 8594 §3, RFC 9110 §5.6.7); or whose Sunset comes before its Deprecation, which RFC 9745 §4 does not allow. A client that watches for deprecations cannot tell when the operation was or will be deprecated, or retired. One finding per answer. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const { headers } = exchange.response;
    const deprecation = headers.deprecation;
    const sunset = headers.sunset;
    const item = deprecation === undefined ? undefined : sfItem(deprecation);
    if (deprecation !== undefined && item?.kind !== 'date') {
      return [
        { instancePath: '', expected: 'deprecation: a Structured Fields Date, @<seconds since 1970> (RFC 9745 §2.1)', actual: `deprecation: ${deprecation}` },
      ];
    }
    if (sunset === undefined) return [];
    const problem = dateProblem(sunset.trim());
    if (problem !== undefined) {
      return [{ instancePath: '', expected: 'sunset: an IMF-fixdate (Sun, 06 Nov 1994 08:49:37 GMT) (RFC 8594 §3)', actual: `sunset: ${sunset} (${problem})` }];
    }
    const sunsetMs = imfFixdateMs(sunset.trim());
    if (item?.kind === 'date' && sunsetMs !== undefined && sunsetMs < item.seconds * 1000) {
      return [
        { instancePath: '', expected: 'sunset: no earlier than the deprecation (RFC 9745 §4)', actual: `deprecation: ${deprecation}, sunset: ${sunset}` },
      ];
    }
    return [];
  },
};
