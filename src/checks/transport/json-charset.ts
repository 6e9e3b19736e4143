import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
/** The charset parameter's value, quoted or not. */
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i;
const UTF_8 = new Set(['utf-8', 'utf8']);

export const jsonCharset: ExchangeCheck<'response'> = {
  id: 'json-charset',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-11-no-charset'],
  severity: 'warning',
  title: 'JSON labelled with a charset other than UTF-8',
  description:
    "A JSON answer in UTF-8 whose content-type names another charset (`application/json; charset=GBK`, `charset=ISO-8859-1`). JSON is UTF-8 (RFC 8259 §8.1) and \"No 'charset' parameter is defined for this registration. Adding one really has no effect on compliant recipients\" (§11), but the clients that do read it (Python's requests, a browser's text decoder) decode the body as the label says and garble every character outside ASCII. A body that is not UTF-8 is `json-unicode`'s. A warning: the spec shows no content type.",
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response;
    const contentType = response.headers['content-type'];
    if (contentType === undefined || !JSON_TYPE.test(contentType) || response.invalidUtf8) return [];
    const match = CHARSET.exec(contentType);
    const charset = match?.[1] ?? match?.[2];
    if (charset === undefined || UTF_8.has(charset.toLowerCase())) return [];
    return [
      { instancePath: '', expected: 'application/json without a charset, or with charset=utf-8 (RFC 8259 §8.1, §11)', actual: `content-type: ${contentType}` },
    ];
  },
};
