import type { ExchangeCheck } from '../types.js';

const json = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** A comma outside quoted parameter values: the header came as more than one field line, or names more than one type. */
const moreThanOne = (contentType: string) => contentType.replace(/"[^"]*"/g, '').includes(',');

export const jsonContentType: ExchangeCheck = {
  id: 'json-content-type',
  scope: 'exchange',
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
  standards: ['rfc8259-11-media-type', 'rfc9110-8.3-content-type', 'rfc9110-5.3-one-field-line'],
  severity: 'warning',
  title: 'Response is not labelled as JSON',
  description:
    'The spec says responses are JSON but shows no response content type, so a JSON body labelled otherwise is a warning: clients that trust the header will mis-handle it. No content-type (RFC 9110 §8.3), another media type than application/json (RFC 8259 §11), and two of them (a content-type sent twice, which a sender "MUST NOT" do, RFC 9110 §5.3: browsers take the last) are each reported.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const contentType = exchange.response?.headers['content-type'];
    if (contentType !== undefined && json.test(contentType) && !moreThanOne(contentType)) return [];
    return [
      {
        instancePath: '',
        expected: 'content-type: application/json',
        actual: contentType === undefined ? 'no content-type header' : `content-type: ${contentType}`,
      },
    ];
  },
};
