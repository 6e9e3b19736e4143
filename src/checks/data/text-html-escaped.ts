import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { NAMED_FIELDS, readBackAs, textNotAsSent } from './_internals/text-as-sent.js';

/**
 * The HTML character references of the five characters an HTML escaper replaces (& < > " '):
 * named, in either case HTML defines them, and numeric, decimal or hexadecimal.
 */
const REFERENCE = /&(?:amp|AMP|lt|LT|gt|GT|quot|QUOT|apos|#0*(?:34|38|39|60|62)|#[xX]0*(?:22|26|27|3[cC]|3[eE]));/g;
const CHARACTERS: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text with each reference to one of the five characters put back as the character. */
const unescaped = (text: string): string =>
  text.replace(REFERENCE, (reference) => {
    const name = reference.slice(1, -1);
    // REFERENCE names only the five: each is one of CHARACTERS.
    if (!name.startsWith('#')) return CHARACTERS[name.toLowerCase()] ?? reference;
    return String.fromCharCode(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });

export const textHtmlEscaped: ExchangeCheck<'data'> = {
  id: 'text-html-escaped',
  scope: 'exchange',
  rule: '4, #14; 2.3',
  quote:
    'soCusPo, soCaName, soCaMobile, soCaPhone, soCaProvince, soCaCity, soCaStreet, soNote (all strings) … Order with items (2.3, 2.4) … | soCaStreet | string | … | soNote | string |',
  standards: [],
  severity: 'warning',
  title: 'Text sent answered HTML-escaped',
  description: `A field of the record an answer carries (the order a create answers, 2.3) that holds the text the request sent in the field of the same name, with HTML character references in place of & < > " or ' (\`&amp;\`, \`&lt;\`, \`&gt;\`, \`&quot;\`, \`&#39;\`, named or numeric): an input filter that escapes every request string for a page (an "XSS filter") before the text is stored. The order holds "A&amp;B" where "A&B" was sent; every client that is not a web page shows the references, and a page that escapes on output, as it should, shows them escaped twice. The record's text fields are strings (2.3), which JSON carries with these characters as themselves. Valid calls of the coverage pass send text holding all five in every free-text field (\`markup-characters\`, \`apostrophe\`, \`double-quote\`). One finding per answer, at the record and naming up to ${NAMED_FIELDS} fields: one cause, whatever the fields. A warning: the spec types the fields and does not say the text is kept as sent.`,
  needs: 'data',
  intents: ['conforming', 'flow'],
  appliesTo: (operation) => operation.response.kind === 'record' && operation.requestSchema !== undefined,
  run(exchange) {
    return textNotAsSent(sentBody(exchange), exchange.data, readBackAs(unescaped));
  },
};
