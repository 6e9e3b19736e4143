import type { ExchangeCheck } from '../types.js';

const json = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const jsonContentType: ExchangeCheck = {
  id: 'json-content-type',
  scope: 'exchange',
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
  severity: 'warning',
  title: 'Response is not labelled as JSON',
  description:
    'The spec says responses are JSON but shows no response content type, so a JSON body labelled otherwise is a warning: clients that trust the header will mis-handle it.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const contentType = exchange.response?.headers['content-type'];
    if (contentType !== undefined && json.test(contentType)) return [];
    return [
      {
        instancePath: '',
        expected: 'content-type: application/json',
        actual: contentType === undefined ? 'no content-type header' : `content-type: ${contentType}`,
      },
    ];
  },
};
