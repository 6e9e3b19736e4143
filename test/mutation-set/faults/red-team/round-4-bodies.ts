/**
 * Red team round 4, bodies and what travels beside them: JSON put together by string
 * concatenation, a request decoded with a servlet container's default charset, cookies joined into
 * one field by a gateway with single-valued headers, and page links written from the spec's paths.
 */
import { createHash } from 'node:crypto';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf, succeeded } from './_internals/answers.js';
import { latin1Read, transcodeBody } from './_internals/request-body.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The list as a PHP loop writes it: each record followed by a comma (`$json .= json_encode($row) . ','`), the last one too. */
function listWithTrailingComma(body: Json): string {
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list) || data.list.length === 0) return JSON.stringify(body);
  const marker = '"@list@"';
  const list = `[${data.list.map((record) => `${JSON.stringify(record)},`).join('')}]`;
  return JSON.stringify({ ...body, data: { ...data, list: '@list@' } }).replace(marker, list);
}

/** Whether a Content-Type names a charset: without one, a servlet container decodes the body as ISO-8859-1. */
const namesCharset = (type: string | undefined): boolean => /;\s*charset=/i.test(type ?? '');

/** The session id login hands out: derived from the mobile so that it stays the same from run to run. */
const sessionFor = (mobile: string): string => createHash('sha256').update(`session:${mobile}`, 'utf8').digest('hex').slice(0, 32);

/** How long the mobile cookie lasts: 30 days. */
const REMEMBER_SECONDS = 2_592_000;

/** The link-values of a page's first, previous, next and last pages: the path with the request's fields as query parameters. */
function pageLinks(path: string, asked: Json, pageNo: number, totalPage: number): string {
  const at = (page: number, rel: string) => {
    const query = new URLSearchParams(Object.entries({ ...asked, pageNo: page }).map(([name, value]): [string, string] => [name, String(value)]));
    return `<${path}?${query}>; rel="${rel}"`;
  };
  return [at(1, 'first'), ...(pageNo > 1 ? [at(pageNo - 1, 'prev')] : []), ...(pageNo < totalPage ? [at(pageNo + 1, 'next')] : []), at(totalPage, 'last')].join(
    ', ',
  );
}

export const round4Bodies: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'trailing-comma-after-last-record',
    description: 'The list is put together by string concatenation, each record followed by a comma, and nobody trims the last one',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 4,
      standard: 'RFC 8259',
      clause: '5: "array = begin-array [ value *( value-separator value ) ] end-array": a value-separator is followed by a value, never by "]"',
      observable: 'Every page that holds orders ends its list with ",]": JSON.parse and every strict parser refuse it; an empty page parses',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: listWithTrailingComma(body as Json) }),
  }),
  planted(interceptFault, {
    name: 'request-body-read-as-latin-1',
    description:
      'The publish runs in a servlet container that decodes a request body without a charset parameter as ISO-8859-1, its default, and the JSON library is handed the decoded text',
    operationId: 'consignment-publish',
    redTeam: {
      round: 4,
      standard: 'RFC 8259',
      clause:
        '8.1: "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8"; 11: "No "charset" parameter is defined for this registration. Adding one really has no effect on compliant recipients"',
      observable:
        'Request class: a publish with text beyond ASCII, sent as application/json without charset (the documented form). productName 丙酮 is stored as "ä¸\\u0099é\\u0085®" (each UTF-8 byte as a character), and #6 and the lists answer it so; with charset=utf-8 it is stored right',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    interceptor() {
      const path = pathOf('consignment-publish');
      return (req) => {
        if (req.url === path && !namesCharset(req.headers['content-type'])) transcodeBody(req, latin1Read);
        return false;
      };
    },
  }),
  planted(answerFault, {
    name: 'set-cookies-folded-into-one-field',
    description:
      'Login sets a session cookie and a cookie of the mobile for the sign-in page; the API gateway passes single-valued headers only, so the function joins its two Set-Cookie values with ", "',
    operationId: 'login',
    redTeam: {
      round: 4,
      standard: 'RFC 6265',
      clause:
        '3: "Origin servers SHOULD NOT fold multiple Set-Cookie header fields into a single header field. The usual mechanism for folding HTTP headers fields … might change the semantics of the Set-Cookie header field because the %x2C (",") character is used by Set-Cookie in a way that conflicts with such folding"',
      observable:
        'One field, Set-Cookie: OTP_SESSION=…; Path=/; HttpOnly, OTP_MOBILE=138…; Path=/; Max-Age=2592000. A user agent (5.2) keeps one cookie, OTP_SESSION, without HttpOnly (read as an attribute "HttpOnly, OTP_MOBILE") and for 30 days; OTP_MOBILE is lost',
    },
    expect: { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-3-no-folding'] },
    answer(body, payload) {
      const clean = body as Json;
      if (!succeeded(clean) || !isPlainObject(payload)) return json(clean);
      const mobile = String(payload.mobile);
      const cookies = [`OTP_SESSION=${sessionFor(mobile)}; Path=/; HttpOnly`, `OTP_MOBILE=${mobile}; Path=/; Max-Age=${REMEMBER_SECONDS}`];
      return { ...json(clean), headers: { 'set-cookie': cookies.join(', ') } };
    },
  }),
  planted(answerFault, {
    name: 'page-links-as-network-path',
    description:
      'A pagination helper adds a Link field of the first, previous, next and last pages, built from the path as the spec writes it, doubled slash and all',
    operationId: 'bank-card-list',
    redTeam: {
      round: 4,
      standard: 'RFC 8288',
      clause:
        '3.1: "If the URI-Reference is relative, parsers MUST resolve it as per [RFC3986], Section 5" (RFC 3986, 4.2: "A relative reference that begins with two slash characters is termed a network-path reference"): each target resolves to the host "pc"',
      observable:
        'Link: <//pc/customer/bankCardList?pageSize=10&pageNo=2>; rel="next", …: resolved against the request, every target is http://pc/customer/bankCardList?…, a page of another host, not the next page of this list',
    },
    expect: { check: 'link-header', severity: 'warning', breaks: ['rfc8288-3.1-link-target'] },
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1) return json(clean);
      return { ...json(clean), headers: { link: pageLinks(pathOf('bank-card-list'), payload, Number(data.pageNo), data.totalPage) } };
    },
  }),
];
