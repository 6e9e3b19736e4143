/**
 * Red team round 6, HTTP: a Content-Length a proxy folded into a list, a status line that carries
 * the upstream's protocol version, a compressing filter deaf to weights of 0, a freshness
 * lifetime counted from the wrong end, and a connection kept open that the client asked to close.
 */
import { gzipSync } from 'node:zlib';
import { socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, sendText } from './_internals/answers.js';
import { writeRaw } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The hour, China time, at which the catalogue's prices are refreshed each night. */
const PRICE_REFRESH_HOUR = 2;
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Whole seconds since the last nightly price refresh, at least 1. */
function secondsSinceRefresh(now: number): number {
  const sinceRefresh = (((now + CHINA_OFFSET_MS - PRICE_REFRESH_HOUR * 3_600_000) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.max(1, Math.floor(sinceRefresh / 1000));
}

/** Whether the request's Connection field names the "close" option. */
const asksToClose = (header: string | undefined): boolean => (header ?? '').split(',').some((option) => option.trim().toLowerCase() === 'close');

export const round6Http: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'content-length-folded-into-list',
    description:
      'The controller sets Content-Length itself and the servlet container adds its own; the proxy in front merges repeated field lines into one comma-separated line, as it does for every field, list-valued or not',
    operationId: 'consignment-publish',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause:
        '8.6: "Content-Length = 1*DIGIT"; a value repeated as a list ("Content-Length: 42, 42") is one "the recipient MAY either reject … as invalid or replace"',
      observable:
        'Every publish answer reads Content-Length: 79, 79 (the one length, twice): node:http and fetch (undici) refuse the answer ("Invalid character in Content-Length"), lenient clients read the JSON',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: [
          ['Date', new Date().toUTCString()],
          ['Content-Type', JSON_TYPE],
          ['Content-Length', `${text.length}, ${text.length}`],
          ['Connection', 'close'],
        ],
        body: text,
      });
    },
  }),
  planted(socketFault, {
    name: 'status-line-copies-upstream-version',
    description:
      "A hand-written gateway reaches the application over h2c and writes the client's status line from the upstream response, `HTTP/${upstream.httpVersion}`, which reads 2.0 for an HTTP/2 upstream",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause:
        '6.2: "A server SHOULD send a response version equal to the highest version to which the server is conformant that has a major version less than or equal to the one received in the request. A server MUST NOT send a version to which it is not conformant"',
      observable:
        'Every consigneeInfoById answer to an HTTP/1.1 request starts "HTTP/2.0 200 OK", a version of another framing sent in HTTP/1.1 syntax: Python\'s http.client (under requests and urllib) raises UnknownProtocol, node:http reads a 200',
    },
    expect: { check: 'status-line', severity: 'warning', breaks: ['rfc9112-2.3-version'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/2.0 200 OK',
        fields: [
          ['Date', new Date().toUTCString()],
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(text.length)],
          ['Connection', 'close'],
        ],
        body: text,
      });
    },
  }),
  planted(socketFault, {
    name: 'gzip-despite-weight-zero',
    description:
      'The compression filter decides with `acceptEncoding.contains("gzip")`, as many hand-written filters do, so a client that lists gzip with q=0 to refuse it still gets it',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause: '12.4.2: "A value of 0 means "not acceptable""; 12.5.3: Accept-Encoding "gzip;q=0" excludes the coding the server then applies',
      observable:
        'Request class: Accept-Encoding: gzip;q=0, identity (gzip refused). The answer comes with Content-Encoding: gzip and gzip bytes (1f 8b) where the clean server sends the JSON as it is',
    },
    expect: { check: 'content-encoding', severity: 'warning' },
    respond(res, body) {
      const text = JSON.stringify(body);
      const accept = res.req.headers['accept-encoding'] ?? '';
      if (!accept.includes('gzip')) return sendText(res, text);
      const coded = gzipSync(Buffer.from(text, 'utf8'));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', vary: 'Accept-Encoding', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
  planted(socketFault, {
    name: 'catalogue-max-age-negative',
    description: `The catalogue's answers are cached until the next nightly price refresh (${PRICE_REFRESH_HOUR}:00 China time), but the lifetime is computed from the last refresh, lastRefresh - now, which is always negative`,
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 6,
      standard: 'RFC 9111',
      clause: '5.2.2.1: max-age takes the argument "delta-seconds"; 1.2.2: "delta-seconds = 1*DIGIT", a non-negative integer',
      observable:
        'Every products page carries Cache-Control: public, max-age=-N, N the seconds since the last 02:00 China time: no delta-seconds, and caches read it as they please (stale, or fresh for a day)',
    },
    expect: { check: 'shared-cache', severity: 'warning' },
    respond(res, body) {
      sendText(res, JSON.stringify(body), { 'cache-control': `public, max-age=-${secondsSinceRefresh(Date.now())}` });
    },
  }),
  planted(socketFault, {
    name: 'connection-close-ignored',
    description:
      'The hand-written Netty handler sets Connection: keep-alive on every answer, as the examples it was copied from do, and leaves the channel open for the next request whatever the request said',
    operationId: 'send-code',
    redTeam: {
      round: 6,
      standard: 'RFC 9112',
      clause:
        '9.6: "A server that receives a "close" connection option MUST initiate closure of the connection (see below) after it sends the final response to the request that contained the "close" connection option"',
      observable:
        'Request class: send-code with Connection: close. The answer says Connection: keep-alive and the server never closes the connection, where the clean server answers Connection: close and closes it',
    },
    expect: { check: 'connection-close', severity: 'warning', breaks: ['rfc9112-9.6-close-received'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      if (!asksToClose(res.req.headers.connection)) return sendText(res, text.toString('utf8'));
      const head = [
        'HTTP/1.1 200 OK',
        `Date: ${new Date().toUTCString()}`,
        `Content-Type: ${JSON_TYPE}`,
        `Content-Length: ${text.length}`,
        'Connection: keep-alive',
        '',
        '',
      ];
      // Written past node:http, which would honour the close: the socket stays open until the client or the server's shutdown ends it.
      res.socket?.write(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), text]));
    },
  }),
];
