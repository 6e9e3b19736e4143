import type { ExchangeCheck } from '../types.js';
import { linkValues } from './_internals/link-values.js';
import { clause } from '../clauses.js';

/** The relation types (RFC 8288 §6.2.2 registry) that lead to another page of the same list. */
const PAGING = new Set(['first', 'prev', 'previous', 'next', 'last']);

/** scheme ":" at the start: an absolute URI; anything else is a relative reference (RFC 3986 §4.1, §4.2). */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** A URL as WHATWG parses it, or undefined where it does not. */
function parsed(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

export const linkHeader: ExchangeCheck<'response'> = {
  id: 'link-header',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8288-3-link-value', 'rfc8288-3.1-link-target'],
  severity: 'warning',
  title: 'A Link that is no list of links, or a page link to another origin',
  description:
    'A Link field that is not a list of link-values ("link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )", RFC 8288 §3: a target without its angle brackets, a quoted string left open), or a link to the first, previous, next or last page written as a relative reference that resolves to another origin than the request\'s. "If the URI-Reference is relative, parsers MUST resolve it as per [RFC3986], Section 5" (§3.1), and a reference that begins with two slashes is a network-path reference (RFC 3986 §4.2): the spec\'s paths begin `//pc/`, so `<//pc/customer/bankCardList?pageNo=2>` is a page of the host `pc`, and a client that follows it leaves the server. A target written as an absolute URI names its origin on purpose (a public address in front of the one the kit calls) and is not judged. One finding per answer, at its first such link, with how many there were. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const field = exchange.response.headers.link;
    if (field === undefined) return [];
    const links = linkValues(field);
    if (links === undefined) {
      return [{ instancePath: '', expected: 'link: <URI-Reference>; rel="…", … (RFC 8288 §3)', actual: `link: ${field} (not a list of link-values)` }];
    }
    const request = parsed(exchange.request.url);
    if (request === undefined) return [];
    const paging = links.filter((link) => link.rel.some((rel) => PAGING.has(rel)));
    const away = paging.flatMap((link) => {
      const target = ABSOLUTE.test(link.target.trim()) ? undefined : parsed(link.target, request.href);
      return target !== undefined && target.origin !== request.origin ? [{ link, target }] : [];
    });
    const [first] = away;
    if (first === undefined) return [];
    return [
      {
        instancePath: '',
        expected: 'page links that resolve to the origin of the request (RFC 8288 §3.1, RFC 3986 §5)',
        actual: `link: ${first.link.text} resolves to ${first.target.href} (${away.length} of ${paging.length} page links to another origin)`,
        occurrences: away.length,
      },
    ];
  },
};
