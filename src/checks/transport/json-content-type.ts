import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

const json = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** A token of RFC 9110 §5.6.2, and the media type a Content-Type holds: type/subtype and parameters, each name=value (§8.3.1, §5.6.6). */
const TOKEN = String.raw`[!#$%&'*+.^_${'`'}|~0-9A-Za-z-]+`;
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const MEDIA_TYPE = new RegExp(String.raw`^${TOKEN}/${TOKEN}(?:[ \t]*;[ \t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*[ \t]*$`);
/** A comma outside quoted parameter values: the header came as more than one field line, or names more than one type. */
const moreThanOne = (contentType: string) => contentType.replace(/"[^"]*"/g, '').includes(',');

export const jsonContentType: ExchangeCheck<'response'> = {
  id: 'json-content-type',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-11-media-type', 'rfc9110-8.3-content-type', 'rfc9110-8.3.1-media-type', 'rfc9110-5.3-one-field-line'],
  severity: 'warning',
  title: 'Response is not labelled as JSON',
  description:
    'The spec says responses are JSON but shows no response content type, so a JSON body labelled otherwise is a warning: clients that trust the header will mis-handle it. No content-type (RFC 9110 §8.3), another media type than application/json (RFC 8259 §11), two of them (a content-type sent twice, which a sender "MUST NOT" do, RFC 9110 §5.3: browsers take the last), and one that is no media type by the grammar (`application/json; charset:utf-8`, a parameter without its `=`: RFC 9110 §8.3.1, §5.6.6; strict parsers refuse the field, lenient ones drop the charset) are each reported.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const contentType = exchange.response?.headers['content-type'];
    if (contentType !== undefined && json.test(contentType) && !moreThanOne(contentType) && MEDIA_TYPE.test(contentType)) return [];
    return [
      {
        instancePath: '',
        expected: 'content-type: application/json',
        actual: contentType === undefined ? 'no content-type header' : `content-type: ${contentType}`,
        params: { contentType: contentType ?? null },
      },
    ];
  },
};
