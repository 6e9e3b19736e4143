import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

export const jsonBody: ExchangeCheck<'body'> = {
  id: 'json-body',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: [
    'rfc8259-10-generator',
    'rfc8259-3-literals',
    'rfc8259-6-number-grammar',
    'rfc8259-7-escapes-required',
    'rfc9110-8.4-codings-listed',
    'rfc9110-8.6-content-length',
    'rfc9112-6.1-transfer-codings',
  ],
  severity: 'error',
  title: 'Response body is not JSON',
  description:
    'An HTML error page, plain text, an empty or truncated body: the response is not JSON. Judged on every answer the kit reads, the steps of its flows too: a record a flow created with text of every plane, answered back by its delete or detail, is where escapes written wrong show.',
  needs: 'body',
  intents: ['conforming', 'hostile', 'flow'],
  run(exchange) {
    const response = exchange.response;
    if (!response || exchange.failure || response.json.ok) return [];
    return [
      {
        instancePath: '',
        expected: 'a JSON body',
        actual: `${response.json.reason}: ${JSON.stringify(excerpt(response.bodyText))}`,
      },
    ];
  },
};
