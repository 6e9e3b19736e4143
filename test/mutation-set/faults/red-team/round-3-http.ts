/**
 * Red team round 3, HTTP: header fields whose grammar or meaning is wrong, a method turned away
 * without saying which one to use, a TRACE that reflects credentials, a cookie dated the wrong way,
 * and messages framed with a short status line, bare line ends or folded fields.
 */
import { createHash } from 'node:crypto';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerAfterBody, answerFault, interceptFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { documented, JSON_TYPE, pathOf, sendText, succeeded } from './_internals/answers.js';
import { writeRaw } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The fields every raw answer here carries besides its own, so that it breaks no rule but its fault's: a Date (RFC 9110, 6.6.1) and the close it ends with (RFC 9112, 9.6). */
const rawFields = (fields: readonly (readonly [string, string])[]): (readonly [string, string])[] => [
  ['Date', new Date().toUTCString()],
  ...fields,
  ['Connection', 'close'],
];

/** The refusal the clean server sends for a method the operation does not take, as HTTP 200 (4 rule 1) with the envelope. */
function methodRefusal(operationId: string): string {
  const operation = documented(operationId);
  const error = { reason: 'method not allowed' };
  return JSON.stringify({ data: {}, status: 'fail', code: '405', message: `${operation.path} takes ${operation.method}.`, error });
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The time as JavaScript's Date.prototype.toString() writes it on a host in China: "Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time)". */
function chinaDateString(epochMs: number): string {
  const local = new Date(epochMs + 8 * 3_600_000);
  const time = [local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()].map(twoDigits).join(':');
  const day = `${WEEKDAYS[local.getUTCDay()]} ${MONTHS[local.getUTCMonth()]} ${twoDigits(local.getUTCDate())} ${local.getUTCFullYear()}`;
  return `${day} ${time} GMT+0800 (China Standard Time)`;
}

/** How long the send-code page waits before it offers to send another code. */
const SMS_COOLDOWN_SECONDS = 60;

/** The link-values of a page's first, previous, next and last pages, each the operation's path with the request's fields as query parameters (RFC 8288). */
function pageLinks(path: string, asked: Json, pageNo: number, totalPage: number): string[] {
  const at = (page: number, rel: string) => {
    const query = new URLSearchParams(Object.entries({ ...asked, pageNo: page }).map(([name, value]): [string, string] => [name, String(value)]));
    return `<${path}?${query}>; rel="${rel}"`;
  };
  return [at(1, 'first'), ...(pageNo > 1 ? [at(pageNo - 1, 'prev')] : []), ...(pageNo < totalPage ? [at(pageNo + 1, 'next')] : []), at(totalPage, 'last')];
}

const semantics: PlantedFault[] = [
  planted(answerFault, {
    name: 'etag-without-quotes',
    description: "A caching filter sets ETag by hand to a hex digest of the body, without the double quotes the field's grammar puts around an entity tag",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause: '8.8.3: "ETag = entity-tag", "entity-tag = [ weak ] opaque-tag", "opaque-tag = DQUOTE *etagc DQUOTE"',
      observable:
        'ETag: 3f2a9c0d1e5b7a64, no quotes: a cache or client that keeps only valid entity tags drops it, one that sends it back in If-None-Match sends a tag that matches none',
    },
    expect: { check: 'etag', severity: 'warning', breaks: ['rfc9110-8.8.3-etag'] },
    answer: (body) => ({ ...json(body), headers: { etag: createHash('sha1').update(JSON.stringify(body), 'utf8').digest('hex').slice(0, 16) } }),
  }),
  planted(answerFault, {
    name: 'content-encoding-names-charset',
    description:
      'The character set is written into Content-Encoding (header("Content-Encoding: UTF-8"), mistaken for the charset) on a body that no content coding was applied to',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '8.4: Content-Encoding "indicates what content codings have been applied to the representation, beyond those inherent in the media type, and thus what decoding mechanisms have to be applied in order to obtain data in the media type referenced by the Content-Type header field" (here none was, and "UTF-8" is no content coding)',
      observable:
        'Content-Encoding: UTF-8 on plain JSON: a client that decodes content codings meets one no registry knows (curl --compressed stops with error 61), fetch hands the bytes on undecoded',
    },
    expect: { check: 'content-encoding', severity: 'warning' },
    answer: (body) => ({ ...json(body), headers: { 'content-encoding': 'UTF-8' } }),
  }),
  planted(interceptFault, {
    name: 'method-not-allowed-without-allow',
    description: 'A hand-written router answers a method the path does not take with HTTP 405 and the envelope, and never sets Allow',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '15.5.6: "The origin server MUST generate an Allow header field in a 405 response containing a list of the target resource\'s currently supported methods"',
      observable:
        'Request class: the path with another method than POST (GET //pc/custom_demand/create). It gets HTTP 405 with no Allow field: nothing tells the client that POST is the method to use',
    },
    expect: { check: 'allow-header', severity: 'warning' },
    interceptor() {
      const operation = documented('custom-demand-create');
      const path = pathOf(operation.id);
      const refusal = methodRefusal(operation.id);
      return (req, res) => {
        if (req.url !== path || req.method === operation.method) return false;
        answerAfterBody(req, res, { status: 405, contentType: JSON_TYPE, body: refusal });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'trace-reflects-authorization',
    description:
      "TRACE is left enabled, as the servlet container's default long had it, and its answer reflects the request whole, the authorization header included",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '9.3.8: "The final recipient of the request SHOULD exclude any request fields that are likely to contain sensitive data when that recipient generates the response content"',
      observable:
        'Request class: TRACE to the path with the authorization header. It gets HTTP 200 message/http that reflects authorization: bearer<TOKEN>, which every log and proxy that keeps answers now holds',
    },
    expect: { check: 'token-echo', severity: 'warning', breaks: ['rfc9110-9.3.8-trace'] },
    interceptor() {
      const path = pathOf('consignee-by-id');
      return (req, res) => {
        if (req.url !== path || req.method !== 'TRACE') return false;
        const raw = req.rawHeaders;
        const fields = raw.flatMap((name, index) => (index % 2 === 0 ? [`${name}: ${raw[index + 1]}`] : []));
        const reflected = [`${req.method} ${req.url} HTTP/${req.httpVersion}`, ...fields, '', ''].join('\r\n');
        answerAfterBody(req, res, { contentType: 'message/http', body: reflected });
        return true;
      };
    },
  }),
  planted(answerFault, {
    name: 'sms-cooldown-cookie-dated-by-to-string',
    description: `After a code is sent the page is told to wait ${SMS_COOLDOWN_SECONDS} s with a cookie whose Expires is written with JavaScript's Date.toString(), on a host in China`,
    operationId: 'send-code',
    redTeam: {
      round: 3,
      standard: 'RFC 6265',
      clause:
        '4.1.1: "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar": "expires-av = "Expires=" sane-cookie-date", "sane-cookie-date = <rfc1123-date, defined in [RFC2616], Section 3.3.1>"',
      observable:
        'Set-Cookie: smsCooldown=60; Expires=Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time): user agents parsing it (5.1.1) drop the zone and read China time as UTC, so a one-minute wait lasts eight hours and a minute',
    },
    expect: { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-4.1.1-cookie-syntax'] },
    answer(body) {
      const clean = body as Json;
      if (!succeeded(clean)) return json(clean);
      const expires = chinaDateString(Date.now() + SMS_COOLDOWN_SECONDS * 1000);
      return { ...json(clean), headers: { 'set-cookie': `smsCooldown=${SMS_COOLDOWN_SECONDS}; Expires=${expires}; Path=/` } };
    },
  }),
];

const framing: PlantedFault[] = [
  planted(socketFault, {
    name: 'status-line-without-reason-space',
    description:
      'A hand-written responder sends no reason phrase and writes the status line as `HTTP/1.1 ${status}`, without the space that must still follow the code',
    operationId: 'consignment-publish',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '4: "status-line = HTTP-version SP status-code SP [ reason-phrase ]"; "A server MUST send the space that separates the status-code from the reason-phrase even when the reason-phrase is absent (i.e., the status-line would end with the space)"',
      observable:
        'The status line is "HTTP/1.1 200" with nothing after the code: lenient clients (node:http, undici) read it, strict parsers of the grammar refuse the answer',
    },
    expect: { check: 'status-line', severity: 'warning', breaks: ['rfc9112-4-status-line'] },
    respond(res, body) {
      const data = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(data.length)],
        ]),
        body: data,
      });
    },
  }),
  planted(socketFault, {
    name: 'header-lines-end-in-bare-lf',
    description:
      'The answer is written by hand, its status line and header fields joined with "\\n" as a multi-line template string in a file saved with Unix line ends has them',
    operationId: 'consignment-delete',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '2.1: "HTTP-message = start-line CRLF *( field-line CRLF ) CRLF [ message-body ]" (2.2: a recipient only "MAY recognize a single LF as a line terminator")',
      observable: 'The status line and every field line end in LF alone: node:http and undici refuse the answer (HPE_CR_EXPECTED), lenient clients read it',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const data = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(data.length)],
        ]),
        body: data,
        lineEnd: '\n',
      });
    },
  }),
  planted(socketFault, {
    name: 'pagination-link-field-folded',
    description:
      'A pagination helper adds a Link field to the first, previous, next and last pages and writes it through a MIME header writer, which folds a long field onto continuation lines as mail headers are folded',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '5.2: "A server MUST NOT generate a message that includes line folding (i.e., that has any field line value that contains a match to the obs-fold rule) unless the message is intended for packaging within the message/http media type"',
      observable:
        'The Link field of every page goes on over continuation lines that start with a space: node:http and undici refuse the whole answer, lenient clients join the lines',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const text = JSON.stringify(clean);
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1) return sendText(res, text);
      const links = pageLinks(documented('beta-products-by-brand').path, payload, Number(data.pageNo), data.totalPage);
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(Buffer.byteLength(text))],
          ['Link', links.join(',\r\n ')],
        ]),
        body: Buffer.from(text, 'utf8'),
      });
    },
  }),
];

export const round3Http: readonly PlantedFault[] = [...semantics, ...framing];
