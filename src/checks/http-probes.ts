import type { CallRecord } from './types.js';

/**
 * The HTTP probes, by path: the first valid call of each operation sent again in a form HTTP gives
 * every client, though section 4 shows none of them (engine/operation/http-probes.ts sends them),
 * each judged by the checks of the HTTP rule it puts to the server. In the order of their place in
 * the operation's plan.
 */
export const HTTP_PROBES = {
  /** The first valid call again, refusing every content coding by name (NO_CODING), on a connection of its own that the next probe is sent on (RFC 9112 9.3). */
  persistent: 'http-probe:persistent',
  /** TRACE to the operation's path, on that same connection, with the documented headers (RFC 9110 9.3.8). */
  trace: 'http-probe:trace',
  /** HEAD to the operation's path, on that same connection, asking it to close after (RFC 9110 9.3.2). */
  head: 'http-probe:head',
  /** The first valid call in HTTP/1.0, without Accept-Encoding and with `Connection: close`, on a connection of its own, which its answer closes (RFC 9112 2.3, 6.1, 9.6). */
  http10: 'http-probe:http-1.0',
  /** The first valid call with If-None-Match of the entity tag its answer gave (RFC 9110 13.1.2). */
  ifNoneMatch: 'http-probe:if-none-match',
  /** The first valid call with If-Modified-Since of the date its answer gave (RFC 9110 13.1.3). */
  ifModifiedSince: 'http-probe:if-modified-since',
  /** The first valid call with every field name in title case, `Authorization` and `Content-Type` among them (RFC 9110 5.1). */
  fieldNameCase: 'http-probe:field-name-case',
  /** The first valid call with the media type written as MEDIA_TYPE_FORM (RFC 9110 8.3.1, RFC 8259 11). */
  mediaType: 'http-probe:media-type',
  /**
   * GET of the operation's path, with the first valid call's payload as its query (queryOf) and the
   * token, no body: only where the operation is a POST whose payload is a JSON object of scalars (OWASP API8).
   */
  getQuery: 'http-probe:get-query',
  /**
   * The first valid call with `Expect: 100-continue`, on a connection of its own, its content sent on
   * a 100 (Continue) or after a second without one, as curl sends it: only where the call has content (RFC 9110 10.1.1).
   */
  expectContinue: 'http-probe:expect-continue',
  /** The first valid call with METHOD_OVERRIDE: only where the operation changes nothing (OWASP API5). */
  methodOverride: 'http-probe:method-override',
  /**
   * The first valid call, on a connection of its own, its content in the chunked transfer coding
   * and without Content-Length, as a client that streams its body sends it: only where the call has
   * content (RFC 9112 7.1).
   */
  chunked: 'http-probe:chunked',
  /** The first valid call with `Range: RANGE`: only where the operation's method is not GET, the one method range handling is defined for (RFC 9110 14.2). */
  range: 'http-probe:range',
  /** The first valid call, on a connection of its own, with the next probe written behind it before its answer came (RFC 9112 9.3.2). */
  pipelined: 'http-probe:pipelined',
  /** The first valid call without the authorization header, written right behind the pipelined one: an answer told apart from that one's. */
  pipelinedWithoutToken: 'http-probe:pipelined-without-token',
  /** The first valid call with `Origin: ` FOREIGN_ORIGIN, as a browser sends a page's call to another site (OWASP API8, CORS). */
  origin: 'http-probe:origin',
  /**
   * The first valid call with its JSON written in every form of JSON_FORMS at once, the same value:
   * pretty-printed with a newline at the end, string values with \u escapes, whole numbers with a
   * fraction (RFC 8259 2, 6, 7). Only where the call has a JSON body that holds no secret of the run.
   */
  jsonForms: 'http-probe:json-forms',
  /** Only where the JSON-forms probe was refused and the first valid call was not: its JSON pretty-printed alone, to tell which form is refused. */
  jsonWhitespace: 'http-probe:json-whitespace',
  /** As jsonWhitespace: its strings with \u escapes alone. */
  jsonEscapes: 'http-probe:json-escapes',
  /** As jsonWhitespace: its whole numbers with a fraction alone, where it has any. */
  jsonFractions: 'http-probe:json-fractions',
  /**
   * The first valid call as OPTIONS, its body kept and without the authorization header, as a CORS
   * preflight (which carries no credentials) reaches the path: an OPTIONS is to be answered for the
   * path, never served as the operation (OWASP API5).
   */
  options: 'http-probe:options',
  /**
   * A CORS preflight of the operation's path, as a browser sends one before a page of another site
   * calls it with the token: OPTIONS with `Origin: ` FOREIGN_ORIGIN, the operation's method as
   * Access-Control-Request-Method and PREFLIGHT_REQUEST_HEADERS as Access-Control-Request-Headers,
   * no body and no credentials (Fetch, CORS-preflight request). Of one operation of each path style
   * only (preflightOperations): a server answers preflights in its CORS layer, one per front.
   */
  preflight: 'http-probe:preflight',
  /**
   * The first valid call with OVERSIZED_PADDING spaces after its JSON, the same value (RFC 8259 2):
   * a body over the size most servers take. Of one operation of a run only (bodyLimitOperation),
   * and only where the call's body is JSON that holds no secret of the run.
   */
  oversized: 'http-probe:oversized',
  /** Only where the oversized probe was refused for its size (HTTP 413, or code "413"): the same body gzip-coded, as a client that codes its bodies sends it (RFC 9110 8.4, OWASP API4). */
  oversizedGzip: 'http-probe:oversized-gzip',
  /** The first valid call without the authorization header, on a connection of its own that the next probe is sent on: a refusal. */
  refusedFirst: 'http-probe:refused-first',
  /**
   * The first valid call again on that same connection, judged as the hostile calls are: a server must read
   * the whole body of the call it refused, or close the connection, "otherwise, the remaining data on
   * a persistent connection would be misinterpreted as the next request" (RFC 9112 9.3). Only where
   * the call has content and the operation takes the token.
   */
  afterRefusal: 'http-probe:after-refusal',
} as const;

export type HttpProbe = keyof typeof HTTP_PROBES;

/**
 * The spaces the oversized probe writes after the call's JSON: 2 MiB, twice the 1 MiB nginx takes
 * by default (client_max_body_size) and past the 100 kB of Express's JSON parser. Gzip-coded, they
 * cross the wire as some 2 KiB.
 */
export const OVERSIZED_PADDING = 2 * 1024 * 1024;

/**
 * The Accept-Encoding of the persistent probe: each coding the kit reads given weight 0, "not
 * acceptable" (RFC 9110 12.4.2), by name, as a client that wants the bytes as they are writes it.
 */
export const NO_CODING = 'gzip;q=0, deflate;q=0, br;q=0, identity';

/** The fields method-override middleware reads as the method to route a POST by, each asking for DELETE: what the method-override probe adds. */
export const METHOD_OVERRIDE: Readonly<Record<string, string>> = {
  'x-http-method-override': 'DELETE',
  'x-http-method': 'DELETE',
  'x-method-override': 'DELETE',
};

/** The Range of the range probe: the first hundred bytes, as a download client resuming, or a cache filling in, asks them. */
export const RANGE = 'bytes=0-99';

/**
 * The Origin of the origin probe: a site no server can have configured, since `.invalid` is
 * reserved never to resolve (RFC 2606 2), standing for any page a browser may have open.
 */
export const FOREIGN_ORIGIN = 'https://otp-conformance.invalid';

/** The Access-Control-Request-Headers of the preflight probe: the fields of section 4 a browser does not send on its own. */
export const PREFLIGHT_REQUEST_HEADERS = 'authorization, content-type';

/** The Content-Type of the media-type probe: `application/json` in capitals, with the charset a UTF-8 body is in, as OkHttp and other clients add it. */
export const MEDIA_TYPE_FORM = 'Application/JSON; charset=utf-8';

const byPath = new Map(Object.entries(HTTP_PROBES).map(([probe, path]) => [path as string, probe as HttpProbe]));

/** The HTTP probe a call was, or undefined for any other call. */
export function httpProbeOf(call: Pick<CallRecord, 'intent' | 'path'>): HttpProbe | undefined {
  return call.intent === 'http-probe' ? byPath.get(call.path) : undefined;
}
