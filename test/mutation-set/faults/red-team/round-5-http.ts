/**
 * Red team round 5, HTTP: a "deflate" content coding sent without its zlib wrapper, the chunked
 * transfer coding applied twice, and a Date field frozen at the first call a worker answered.
 */
import { deflateRawSync } from 'node:zlib';
import { interceptFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf, sendText } from './_internals/answers.js';
import { chunk, LAST_CHUNK, writeChunked } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Whether Accept-Encoding names this coding with a weight above 0, as a compressing filter reads it before it picks one. */
function accepts(header: string | undefined, coding: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return name === coding && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** The body in the chunked coding, ended by the last-chunk: one chunk is all a small JSON text takes. */
const chunked = (body: Buffer): Buffer => Buffer.concat([chunk(body), LAST_CHUNK]);

export const round5Http: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'deflate-coding-without-zlib-wrapper',
    description:
      'The compression filter offers deflate before gzip, whichever the client lists first, and writes it with a raw Deflater (new Deflater(level, true), zlib.deflateRaw): the bare DEFLATE stream IIS and older Apache modules sent, without the zlib header and Adler-32 checksum',
    operationId: 'consignment-delete',
    redTeam: {
      round: 5,
      standard: 'RFC 9110',
      clause:
        '8.4.1.2: "The "deflate" coding is a "zlib" data format [RFC1950] containing a "deflate" compressed data stream [RFC1951] that uses a combination of the Lempel-Ziv (LZ77) compression algorithm and Huffman coding"',
      observable:
        'Request class: Accept-Encoding: gzip, deflate (the default of Python requests, curl --compressed and browsers). The answer says Content-Encoding: deflate, but its bytes start with no zlib header (78 xx): zlib inflate fails, only a raw inflate reads the JSON',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (!accepts(res.req.headers['accept-encoding'], 'deflate')) return sendText(res, text);
      const coded = deflateRawSync(Buffer.from(text, 'utf8'));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'deflate', vary: 'Accept-Encoding', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
  planted(socketFault, {
    name: 'chunked-coding-applied-twice',
    description:
      'The PHP handler sets Transfer-Encoding: chunked itself and writes its own chunk framing around the JSON; the web server in front takes that output for the body and chunks it again under the one Transfer-Encoding field',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 5,
      standard: 'RFC 9112',
      clause:
        '6.1: "A sender MUST NOT apply the chunked transfer coding more than once to a message body (i.e., chunking an already chunked message is not allowed)"',
      observable:
        'Every delete answer, decoded once as its single Transfer-Encoding: chunked says, is still chunked: a chunk-size line before the JSON and "0" and an empty line after it, so no client parses it',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      writeChunked(res, chunked(chunked(Buffer.from(JSON.stringify(body), 'utf8'))));
    },
  }),
  planted(interceptFault, {
    name: 'date-frozen-at-first-call',
    description:
      'A response filter sets Date from a static final String formatted once, when its class was loaded at the first call, instead of at each answer',
    operationId: 'send-code',
    redTeam: {
      round: 5,
      standard: 'RFC 9110',
      clause:
        '6.6.1: "The "Date" header field represents the date and time at which the message was originated"; RFC 9111, 4.2.3: a cache takes "apparent_age = max(0, response_time - date_value)" from it',
      observable:
        'Every send-code answer carries the Date of the first one: two calls a few seconds apart have the same Date, already seconds older than the clock, and a cache ages each answer by the time since that first call',
    },
    expect: {
      unseen:
        "no check sees it: the Date falls behind the clock only by the time since the first call, a run answers one operation's calls within seconds, and a Date counts whole seconds (rfc9110-6.6.1-date-origination)",
    },
    interceptor() {
      const path = pathOf('send-code');
      let firstCall: string | undefined;
      return (req, res) => {
        if (req.url !== path) return false;
        firstCall ??= new Date().toUTCString();
        res.setHeader('date', firstCall);
        return false;
      };
    },
  }),
];
