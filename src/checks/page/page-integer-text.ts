import type { ExchangeCheck } from '../types.js';

/**
 * A page's own counts, `totalPage` and `pageNo`, as the answer writes them. Read from the text:
 * parsed, `5.0` is the integer 5, and only the text shows the fraction a typed client refuses.
 */
const PAGE_COUNT = /"(totalPage|pageNo)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

export const pageIntegerText: ExchangeCheck<'data'> = {
  id: 'page-integer-text',
  scope: 'exchange',
  rule: '2.2',
  quote: 'totalPage | integer (total number of pages) … pageNo | integer (current page number)',
  standards: [],
  severity: 'warning',
  title: 'A page count written as a number with a fraction',
  description:
    '`totalPage` or `pageNo` of a page written with a fraction or an exponent (`5.0`, `5e0`): 2.2 types both as integer. JSON parsers of dynamic languages read 5, so the page still parses; a client that decodes into an integer type (Go, Java with strict binding, a generated client) refuses it. A warning: the number is an integer in value, and JSON Schema counts it as one.',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.response.kind === 'page',
  run(exchange) {
    const text = exchange.response.bodyText;
    // Only the page's own members, before its list or after it: a record may hold fields of the same names.
    const list = text.indexOf('"list"');
    const outside = list < 0 ? [text] : [text.slice(0, list), text.slice(text.lastIndexOf(']'))];
    const written = outside.flatMap((part) => [...part.matchAll(PAGE_COUNT)]);
    return written.flatMap(([, field, number]) =>
      number !== undefined && /[.eE]/.test(number)
        ? [{ instancePath: `/data/${field}`, expected: `${field} written as an integer`, actual: `${field} written ${number}` }]
        : [],
    );
  },
};
