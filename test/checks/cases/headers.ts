/** The checks of header fields: a fixture where each fires, and one where it stays quiet. */
import { createHash } from 'node:crypto';
import { exchangeOf, HTTP_DATE } from '../../support/exchange.js';
import { type Case, asHead, inHttp10, notFound, unauthorized } from './fixtures.js';

/** A page's envelope as a server writes it, and the sha-256 of its UTF-8 octets, as RFC 9530 writes a digest. */
const PAGE_TEXT = '{"status":"success","code":"200","message":"操作成功","data":{"list":[],"pageNo":1,"totalPage":0}}';
const sha256Of = (octets: Buffer) => `sha-256=:${createHash('sha256').update(octets).digest('base64')}:`;
const digested = (digest: string, headers: Record<string, string> = {}) =>
  exchangeOf('beta-products-by-brand', {
    body: PAGE_TEXT,
    headers: { 'content-type': 'application/json', date: HTTP_DATE, ...headers, 'content-digest': digest },
  });

export const headersCases: Record<string, Case> = {
  'retry-after': {
    fires: exchangeOf('custom-demand-list', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2026-11-22T10:00:00Z' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': HTTP_DATE } }),
  },
  'date-header': {
    fires: exchangeOf('custom-demand-list', { headers: { 'content-type': 'application/json' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { status: 500, headers: { 'content-type': 'application/json' } }),
  },
  'www-authenticate': {
    fires: exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', status: 401, body: unauthorized }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', {
      intent: 'auth-probe',
      path: 'auth-probe:no-header',
      status: 401,
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'www-authenticate': 'Bearer realm="otp"' },
      body: unauthorized,
    }),
  },
  etag: {
    fires: exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: '3f2a9c0d1e5b7a64' } }),
    instancePath: '',
    quiet: [
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: '"3f2a9c0d1e5b7a64"' } }),
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: 'W/"3f2a"' } }),
    ],
  },
  'allow-header': {
    fires: asHead(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 405, body: '' })),
    instancePath: '',
    quiet: [
      asHead(
        exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 405, body: '', headers: { allow: 'POST', date: HTTP_DATE } }),
      ),
      asHead(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 200, body: '' })),
    ],
  },
  'field-syntax': {
    // A Java locale where a language tag belongs; then the fields as their grammars have them, Expires: 0 and a quoted field list in Cache-Control among them.
    fires: [
      exchangeOf('login', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'content-language': 'zh_CN' } }),
      // The quoted-string form of max-age, which RFC 9111 §5.2.2.1 says a sender MUST NOT generate.
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-control': 'private, max-age="60"' } }),
      // A gateway's product and version where its pseudonym belongs.
      exchangeOf('alpha-orders-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, via: '1.1 kong/3.9.1' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('login', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          'content-language': 'zh-Hans-CN, en',
          vary: 'Accept-Encoding, , Origin',
          'accept-ranges': 'none',
          connection: 'keep-alive',
          age: '0',
          expires: '0',
          'cache-control': 'private, max-age=60, no-cache="Set-Cookie, Vary", , S-MAXAGE=0',
          via: '1.0 fred, HTTP/1.1 p.example.net:8080 (Apache/2.4 (Unix), mod_proxy), 1.1 [2001:db8::1]:80',
        },
      }),
    ],
  },
  'last-modified': {
    fires: [
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' } }),
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'last-modified': '2026-11-22T01:00:00Z' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'last-modified': 'Sat, 21 Nov 2026 18:00:00 GMT' } }),
      // The same instant as the Date: not later than it.
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'last-modified': HTTP_DATE } }),
      // No Date to weigh it against: that is date-header's.
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' } }),
    ],
  },
  'equivalent-form': {
    // The delete with its field names in title case answered as the call with no header is; in the media type with a charset, HTTP 415.
    fires: [
      exchangeOf('consignee-delete'),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:persistent', body: notFound }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:field-name-case', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:media-type', status: 415, body: '' }),
    ],
    instancePath: '',
    // Sent again, the delete finds no record, in every form; a limit met is no refusal of the form.
    quiet: [
      exchangeOf('consignee-delete'),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:persistent', body: notFound }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:field-name-case', body: notFound }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:media-type', status: 429, body: '' }),
    ],
  },
  'vary-accept-encoding': {
    fires: [
      exchangeOf('custom-demand-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'content-encoding': 'gzip' } }),
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:persistent' }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('custom-demand-list', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'content-encoding': 'gzip', vary: 'Origin, Accept-Encoding' },
      }),
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:persistent' }),
    ],
  },
  'set-cookie': {
    fires: [
      exchangeOf('login', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': 'OTP_MEMBER={"id":1,"mobile":"13812345678"}; Path=/' },
      }),
      exchangeOf('send-code', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          'set-cookie': 'smsCooldown=60; Expires=Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time); Path=/',
        },
      }),
      // Two cookies folded into one field line (RFC 6265 §3).
      exchangeOf('login', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': 'OTP_SESSION=3f9a; Path=/; HttpOnly, OTP_MOBILE=13812345678; Path=/' },
      }),
    ],
    instancePath: '',
    // Three field lines as the client keeps them (client/field-lines.ts), one with an Expires date, its comma inside; and one deleted by Max-Age=0.
    quiet: exchangeOf('login', {
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'set-cookie': 'SESSION=3f9a; Path=/; HttpOnly; Secure\ntheme="dark"; Expires=Wed, 21 Oct 2026 07:28:00 GMT\nold=; Max-Age=0',
      },
    }),
  },
  'link-header': {
    fires: [
      exchangeOf('bank-card-list', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          link: '<//pc/customer/bankCardList?pageSize=10&pageNo=1>; rel="first", <//pc/customer/bankCardList?pageSize=10&pageNo=2>; rel="next"',
        },
      }),
      exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, link: '/pc/customer/bankCardList?pageNo=2; rel=next' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('bank-card-list', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          link: '<?pageSize=10&pageNo=2>; rel="next", <http://127.0.0.1:9//pc/customer/bankCardList?pageNo=3>; rel=last, </.//pc/customer/bankCardList?pageNo=1>; rel="first"',
        },
      }),
      // An absolute target names its origin on purpose; a relation that is no page's is not judged.
      exchangeOf('bank-card-list', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          link: '<https://api.example.com//pc/customer/bankCardList?pageNo=2>; rel="next", <//cdn.example.com/otp.css>; rel=stylesheet',
        },
      }),
    ],
  },
  'upgrade-header': {
    // An HTTP/1.0 call turned away with a 426 that names no protocol.
    fires: inHttp10(
      exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:http-1.0', status: 426, body: '', headers: { date: HTTP_DATE } }),
    ),
    instancePath: '',
    quiet: [
      inHttp10(
        exchangeOf('alpha-order-create', {
          intent: 'http-probe',
          path: 'http-probe:http-1.0',
          status: 426,
          body: '',
          headers: { date: HTTP_DATE, upgrade: 'HTTP/1.1' },
        }),
      ),
      // Refusing HTTP/1.0 with a 505 is allowed, and asks for no field.
      inHttp10(exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:http-1.0', status: 505, body: '', headers: { date: HTTP_DATE } })),
    ],
  },
  'upgrade-connection-option': {
    // A front proxy wrote its own Connection field and copied the upstream's offer through.
    fires: exchangeOf('custom-demand-list', {
      headers: { 'content-type': 'application/json', date: HTTP_DATE, upgrade: 'h2,h2c', connection: 'keep-alive' },
    }),
    instancePath: '',
    quiet: [
      exchangeOf('custom-demand-list', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, upgrade: 'h2,h2c', connection: 'keep-alive, Upgrade' },
      }),
      exchangeOf('custom-demand-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, connection: 'keep-alive' } }),
    ],
  },
  'content-length-without-content': {
    // The nginx CORS snippet's preflight answer.
    fires: exchangeOf('custom-demand-create', {
      intent: 'http-probe',
      path: 'http-probe:options',
      status: 204,
      body: '',
      headers: { date: HTTP_DATE, 'access-control-allow-origin': '*', 'content-length': '0' },
    }),
    instancePath: '',
    quiet: [
      exchangeOf('custom-demand-create', {
        intent: 'http-probe',
        path: 'http-probe:options',
        status: 204,
        body: '',
        headers: { date: HTTP_DATE, 'access-control-allow-origin': '*' },
      }),
      // A 304 may say the length of what a GET would have sent (RFC 9110 8.6).
      exchangeOf('custom-demand-list', {
        intent: 'http-probe',
        path: 'http-probe:if-none-match',
        status: 304,
        body: '',
        headers: { date: HTTP_DATE, 'content-length': '97' },
      }),
    ],
  },
  'hsts-cleartext': {
    fires: exchangeOf('custom-demand-delete', {
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'strict-transport-security': 'max-age=31536000; includeSubDomains' },
    }),
    instancePath: '',
    quiet: [
      exchangeOf('custom-demand-delete'),
      // Over TLS the field is what it is for.
      (() => {
        const overTls = exchangeOf('custom-demand-delete', {
          headers: { 'content-type': 'application/json', date: HTTP_DATE, 'strict-transport-security': 'max-age=31536000; includeSubDomains' },
        });
        return { ...overTls, request: { ...overTls.request, url: overTls.request.url.replace(/^http:/, 'https:') } };
      })(),
    ],
  },
  'content-digest': {
    fires: [
      // The digest of other octets than those sent: the text in UTF-16 here, as a server's platform charset (GBK, Latin-1) gives others.
      digested(sha256Of(Buffer.from(PAGE_TEXT, 'utf16le'))),
      digested('sha-256=d435Qo+nKZ+gLcUHn7GQtQ72hiBVAgqoLsZnZPiTGPk='),
    ],
    instancePath: '',
    quiet: [
      digested(sha256Of(Buffer.from(PAGE_TEXT, 'utf8'))),
      digested(`sha-512=:${createHash('sha512').update(PAGE_TEXT, 'utf8').digest('base64')}:, unixsum=:AAAA:`),
      // Digests of the coded content, which the kit does not keep: not compared.
      digested(sha256Of(Buffer.from('coded')), { 'content-encoding': 'gzip' }),
    ],
  },
  'cache-status': {
    // An edge cache's own upper-case keyword where a parameter key belongs, and a member that names no cache.
    fires: [
      exchangeOf('beta-products-by-brand', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-status': 'otp-edge; HIT' } }),
      exchangeOf('beta-products-by-brand', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-status': '?1; hit' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('beta-products-by-brand', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-status': 'otp-edge; fwd=miss; stored, "CDN Company Here"; hit; ttl=30' },
      }),
    ],
  },
  'deprecation-header': {
    fires: [
      // An early draft's Token where a Date belongs.
      exchangeOf('bank-card-by-id', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, deprecation: 'true', sunset: 'Thu, 31 Dec 2026 16:00:00 GMT' },
      }),
      exchangeOf('bank-card-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, sunset: '2026-12-31' } }),
      // Retired before it is deprecated.
      exchangeOf('bank-card-by-id', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, deprecation: '@1798761600', sunset: 'Thu, 31 Dec 2026 16:00:00 GMT' },
      }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('bank-card-by-id', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, deprecation: '@1688169599', sunset: 'Thu, 31 Dec 2026 16:00:00 GMT' },
      }),
      exchangeOf('bank-card-by-id'),
    ],
  },
  'bearer-challenge': {
    // A description in UTF-8 octets, read as Latin-1 as undici reads field values, on the refusal in the envelope of a token the server does not accept.
    fires: exchangeOf('bank-card-list', {
      intent: 'auth-probe',
      path: 'auth-probe:wrong-token',
      body: unauthorized,
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'www-authenticate': Buffer.from('Bearer realm="otp", error="invalid_token", error_description="令牌无效或已过期"', 'utf8').toString('latin1'),
      },
    }),
    instancePath: '',
    quiet: [
      exchangeOf('bank-card-list', {
        intent: 'auth-probe',
        path: 'auth-probe:wrong-token',
        body: unauthorized,
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          // Another scheme's parameters are its own; a quoted comma stays inside the Bearer one's.
          'www-authenticate':
            'Basic realm="中", Bearer realm="otp, member", error="invalid_token", error_description="the token, as sent, expired", scope="read write"',
        },
      }),
    ],
  },
};
