import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { NAMED_FIELDS, textNotAsSent } from './_internals/text-as-sent.js';

/** A run of percent-encoded octets: a "%" and two hexadecimal digits, one or more times. */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** The run's octets read as UTF-8, an ill-formed sequence as U+FFFD, as URL decoders read them. */
const octetsOf = (run: string): string => new TextDecoder().decode(Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16)));

/**
 * The text as a URL decoder leaves it: form decoding (java.net.URLDecoder, PHP's urldecode, a
 * form parser) turns each "+" into a space and each run of %XX into the octets it spells;
 * percent-decoding alone (decodeURIComponent) leaves the "+".
 */
const decodings = (text: string): readonly string[] => {
  const percentDecoded = text.replace(PERCENT_RUN, octetsOf);
  return [percentDecoded, text.replaceAll('+', ' ').replace(PERCENT_RUN, octetsOf)];
};

export const textUrlDecoded: ExchangeCheck<'data'> = {
  id: 'text-url-decoded',
  scope: 'exchange',
  rule: '1; 4, #14, #15; 2.3',
  quote:
    'Every operation is an HTTP call whose body and response are JSON. … soCusPo, soCaName, soCaMobile, soCaPhone, soCaProvince, soCaCity, soCaStreet, soNote (all strings) … same header fields as #14 … | soNote | string |',
  standards: ['rfc8259-7-request-unescaped'],
  severity: 'warning',
  title: 'Text sent answered URL-decoded',
  description: `A field of the record an answer carries (the order a create answers, 2.3) that holds the text the request sent in the field of the same name URL-decoded: each "+" a space, or each \`%XX\` the octet it spells ("DMEM 10�S" where "DMEM+10%FBS" was sent). A JSON body is not URL-encoded: "All Unicode characters may be placed within the quotation marks, except for the characters that MUST be escaped: quotation mark, reverse solidus, and the control characters" (RFC 8259 §7), so "+" and "%" in a string are themselves. A server that URL-decodes every body (a request filter left from a client that posted its JSON URL-encoded) changes the text, and refuses as unreadable any text with a "%" that no two hexadecimal digits follow. The base body of the beta order create (#15) carries a note with "+" and "%FB" in every call, and the order's text answers as sent. One finding per answer, at the record and naming up to ${NAMED_FIELDS} fields: one cause, whatever the fields. A warning: the spec types the fields and does not say the text is kept as sent.`,
  needs: 'data',
  intents: ['conforming', 'flow'],
  appliesTo: (operation) => operation.response.kind === 'record' && operation.requestSchema !== undefined,
  run(exchange) {
    return textNotAsSent(sentBody(exchange), exchange.data, (sent, answered) => decodings(sent).includes(answered));
  },
};
