/** link-header: the link-values of a Link field as RFC 8288 §3 writes them, and where a page link resolves (§3.1, RFC 3986 §5). */
import { describe, expect, it } from 'vitest';
import { linkValues } from '../../src/checks/headers/_internals/link-values.js';
import { linkHeader } from '../../src/checks/headers/link-header.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
/** An answer of bank-card-list, asked at http://127.0.0.1:9//pc/customer/bankCardList, with this Link field. */
const withLink = (link: string) => exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, link } });
const findings = (link: string) => runCheck(linkHeader, withLink(link), { validator });

describe('link-values (RFC 8288 §3)', () => {
  it('a comma inside the angle brackets or inside a quoted string does not end a link-value', () => {
    const links = linkValues('<//h/a?x=1,2>; rel=next, <b>; title="a, b; c"; rel="last", <c>;rel=first');
    expect(links?.map((link) => [link.target, link.rel])).toEqual([
      ['//h/a?x=1,2', ['next']],
      ['b', ['last']],
      ['c', ['first']],
    ]);
  });

  it('rel: a list of relation types, in lower case; only the first rel counts (§3.3); an escaped quote stays inside its string', () => {
    expect(linkValues('<a>; title="say \\"next\\", then"; REL="Next  Last"; rel=prev')?.[0]?.rel).toEqual(['next', 'last']);
    expect(linkValues('<a>; anchor="#x"')?.[0]?.rel).toEqual([]);
  });

  it('empty list elements and a trailing `;` are read past; an empty field is no link', () => {
    expect(linkValues(' , <a>; rel=next;, ,<b>')?.map((link) => link.target)).toEqual(['a', 'b']);
    expect(linkValues('')).toEqual([]);
  });

  it('the text of a link-value is as written, from its `<` to its last parameter', () => {
    expect(linkValues('<a>;  rel="next" , <b>')?.map((link) => link.text)).toEqual(['<a>;  rel="next"', '<b>']);
  });

  it('what is no list of link-values: no angle brackets, one left open, a quoted string left open, text after a parameter', () => {
    for (const field of ['/pc/a?pageNo=2; rel=next', '<a; rel=next', '<a>; rel="next', '<a>; rel=next last', '<a> rel=next', '<a>; =next']) {
      expect(linkValues(field), field).toBeUndefined();
    }
  });
});

describe('link-header', () => {
  it('one finding for the page links written as network-path references, at the first, with how many there were', () => {
    const link = [
      '<//pc/customer/bankCardList?pageSize=10&pageNo=1>; rel="first"',
      '<//pc/customer/bankCardList?pageSize=10&pageNo=2>; rel="next"',
      '<//pc/customer/bankCardList?pageSize=10&pageNo=3>; rel="last"',
      '<//pc/customer/help>; rel="help"',
    ].join(', ');
    const found = findings(link);
    expect(found).toHaveLength(1);
    expect(found[0]!.occurrences).toBe(3);
    expect(found[0]!.actual).toContain('<//pc/customer/bankCardList?pageSize=10&pageNo=1>; rel="first" resolves to http://pc/customer/bankCardList');
  });

  it("a page link that stays on the request's origin: a query, a relative path, a path with a dot segment, the same host named", () => {
    for (const link of [
      '<?pageNo=2>; rel=next',
      '<bankCardList?pageNo=2>; rel=prev',
      '</.//pc/customer/bankCardList?pageNo=2>; rel=previous',
      '<//127.0.0.1:9//pc/customer/bankCardList?pageNo=2>; rel=next',
    ]) {
      expect(findings(link), link).toEqual([]);
    }
  });

  it('an absolute target names its origin on purpose, and a link of another relation is not a page: neither is judged', () => {
    expect(findings('<https://api.example.com//pc/customer/bankCardList?pageNo=2>; rel=next')).toEqual([]);
    expect(findings('<//cdn.example.com/terms>; rel="terms-of-service"')).toEqual([]);
  });

  it('a Link field that is no list of link-values', () => {
    expect(findings('//pc/customer/bankCardList?pageNo=2; rel=next')).toHaveLength(1);
  });

  it('no Link, no finding', () => {
    expect(runCheck(linkHeader, exchangeOf('bank-card-list'), { validator })).toEqual([]);
  });
});
