import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ReceivedResponse, TransportFailure, TransportFailureKind } from '../client/exchange.js';
import { contentCodings } from '../client/decode.js';
import { KitError } from '../errors.js';
import type { ObservedExchange } from './observed.js';
import { headersOf, receivedOf, sentHeadersOf } from './received.js';

/*
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) read leniently: browsers, proxies and the
 * kit's own --har write it with fields of their own beside the standard ones (Chrome's `_initiator`,
 * `_resourceType`, `_error`…), and leave out some it calls required. Only what the judge reads must
 * be there and of its type: each entry's startedDateTime, request method and URL, and response status.
 */

/** One HAR file read: what wrote it, and its entries as exchanges. */
export interface HarRead {
  /** `log.creator`, as `name version`. */
  readonly creator: string;
  readonly exchanges: readonly ObservedExchange[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What a browser or the kit wrote of a failed request, as the kit names failures. */
const failureKinds: ReadonlyArray<[RegExp, TransportFailureKind]> = [
  [/^(?:net::)?ERR_(?:ABORTED|BLOCKED_BY_CLIENT|BLOCKED_BY_RESPONSE)\b|\baborted\b/i, 'aborted'],
  [/timeout|TIMED_OUT/i, 'timeout'],
  [/connection-refused|CONNECTION_REFUSED/i, 'connection-refused'],
  [/connection-reset|CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|socket hang up/i, 'connection-reset'],
  [/body-too-large/i, 'body-too-large'],
  [/invalid-http|INVALID_HTTP_RESPONSE|INVALID_CHUNKED_ENCODING/i, 'invalid-http'],
];

/** A body a recording cut short says so in a comment (the kit's --har: "body cut to its first 2048 of 5120 characters"). */
const CUT_NOTE = /\bcut\b|truncat/i;

class HarProblem extends Error {}

function at<T>(value: unknown, pointer: string, check: (value: unknown) => value is T, what: string): T {
  if (!check(value)) throw new HarProblem(`${pointer} is ${value === undefined ? 'missing' : `not ${what}`}`);
  return value;
}
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** A HAR header list as pairs; HTTP/2 pseudo-headers (`:authority`, `:path`) are how the browser wrote the request line, not headers. */
function pairsOf(headers: unknown, pointer: string): Array<[string, string]> {
  if (headers === undefined) return [];
  return at(headers, pointer, isArray, 'an array of headers').flatMap((header, index) => {
    const where = `${pointer}/${index}`;
    const entry = at(header, where, isObject, 'a header');
    const name = at(entry.name, `${where}/name`, isString, 'a string');
    return name.startsWith(':') ? [] : [[name, String(entry.value ?? '')] as [string, string]];
  });
}

/** The bytes of a recorded body: base64 where `encoding` says so; wire bytes still in their Content-Encoding are decoded, as a client would. */
function bodyBytes(text: string, encoding: unknown, contentEncoding: string | undefined, cap: number): Buffer {
  if (encoding !== 'base64') return Buffer.from(text, 'utf8');
  const bytes = Buffer.from(text, 'base64');
  // Most tools store the body decoded; one that stored the wire bytes left them in their coding, and they decode.
  try {
    return contentCodings(contentEncoding)
      .reverse()
      .reduce((body, coding) => {
        const options = { maxOutputLength: cap + 1 };
        if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(body, options);
        if (coding === 'deflate') return inflateSync(body, options);
        if (coding === 'br') return brotliDecompressSync(body, options);
        throw new Error(`no decoder for ${coding}`);
      }, bytes);
  } catch {
    return bytes;
  }
}

/** Why no complete answer was recorded, from the status 0, the kit's comment or the browser's `_error`. */
function failureOf(response: Json, status: number): TransportFailure | undefined {
  const note = [response.comment, response._error].filter(isString).join(' ');
  const complete = note === '' || !/no complete answer|ERR_|error/i.test(note);
  if (status > 0 && complete) return undefined;
  const kind = failureKinds.find(([pattern]) => pattern.test(note))?.[1] ?? 'network-error';
  return { kind, message: note === '' ? 'no answer recorded (status 0)' : note.replace(/^no complete answer: [a-z-]+: /, '') };
}

function exchangeOf(entry: unknown, pointer: string, cap: number): ObservedExchange {
  const record = at(entry, pointer, isObject, 'an entry');
  const startedText = at(record.startedDateTime, `${pointer}/startedDateTime`, isString, 'a date');
  const startedAt = Date.parse(startedText);
  if (Number.isNaN(startedAt)) throw new HarProblem(`${pointer}/startedDateTime is not a date: ${JSON.stringify(startedText)}`);
  const request = at(record.request, `${pointer}/request`, isObject, 'a request');
  const method = at(request.method, `${pointer}/request/method`, isString, 'a string');
  const url = at(request.url, `${pointer}/request/url`, isString, 'a string');
  const response = at(record.response, `${pointer}/response`, isObject, 'a response');
  const status = at(response.status, `${pointer}/response/status`, isNumber, 'a number');
  const postData = isObject(request.postData) ? request.postData : undefined;
  const formParams = isArray(postData?.params)
    ? postData.params.filter(isObject).map((param): [string, string] => [String(param.name ?? ''), String(param.value ?? '')])
    : [];
  const requestText = isString(postData?.text) ? postData.text : formParams.length > 0 ? new URLSearchParams(formParams).toString() : undefined;
  const requestBody = requestText === undefined ? undefined : bodyBytes(requestText, postData?.encoding, undefined, cap).toString('utf8');
  const requestCut = isString(postData?.comment) && CUT_NOTE.test(postData.comment) ? postData.comment : undefined;
  const failure = failureOf(response, status);
  const headers = headersOf(pairsOf(response.headers, `${pointer}/response/headers`));
  const content = isObject(response.content) ? response.content : {};
  let received: ReceivedResponse | undefined;
  let responseCut: string | undefined;
  if (status > 0) {
    const text = isString(content.text) ? content.text : undefined;
    const bytes = text === undefined ? Buffer.alloc(0) : bodyBytes(text, content.encoding, headers['content-encoding'], cap);
    received = receivedOf(status, headers, bytes.subarray(0, cap));
    if (failure) received = { ...received, json: { ok: false, reason: 'body incomplete' } };
    const sizeSaid = isNumber(content.size) ? content.size : undefined;
    if (text === undefined && (sizeSaid === undefined || sizeSaid > 0)) responseCut = 'the recording kept no body';
    else if (isString(content.comment) && CUT_NOTE.test(content.comment)) responseCut = `the recording says: ${content.comment}`;
    else if (bytes.length > cap) responseCut = `longer than the body cap of ${cap} bytes: its first bytes judged`;
  }
  return {
    startedAt,
    durationMs: isNumber(record.time) && record.time >= 0 ? record.time : 0,
    request: { method, url, headers: sentHeadersOf(pairsOf(request.headers, `${pointer}/request/headers`)), body: requestBody },
    ...(received ? { response: received } : {}),
    ...(failure ? { failure } : {}),
    ...(requestCut === undefined ? {} : { requestCut }),
    ...(responseCut === undefined ? {} : { responseCut }),
  };
}

function refuse(given: string, problem: string): KitError {
  return new KitError(
    'OTP_BAD_HAR',
    `${given}: ${problem}; give a HAR 1.2 file (a browser's "Save all as HAR with content", a proxy's export, or a run's --har).`,
  );
}

/** The text of a HAR file, gunzipped where it was saved compressed (`.har.gz`). */
function harText(path: string, given: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw refuse(given, `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes);
    } catch (error) {
      throw refuse(given, `is gzip that does not decompress (${(error as Error).message})`);
    }
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** Reads one HAR file into exchanges, refusing what is not HAR with OTP_BAD_HAR and the place it went wrong. */
export function readHar(path: string, given: string, maxBodyBytes: number): HarRead {
  let document: unknown;
  try {
    document = JSON.parse(harText(path, given));
  } catch (error) {
    if (error instanceof KitError) throw error;
    throw refuse(given, `is not JSON (${(error as Error).message})`);
  }
  try {
    const log = at(isObject(document) ? document.log : undefined, '/log', isObject, 'an object: a HAR file holds {"log": {…}}');
    const entries = at(log.entries, '/log/entries', isArray, 'an array');
    const creator = isObject(log.creator) ? `${String(log.creator.name ?? 'unknown')} ${String(log.creator.version ?? '')}`.trim() : 'unknown';
    return { creator, exchanges: entries.map((entry, index) => exchangeOf(entry, `/log/entries/${index}`, maxBodyBytes)) };
  } catch (error) {
    if (error instanceof HarProblem) throw refuse(given, error.message);
    throw error;
  }
}

/** The exchanges of several HAR files as one traffic, in the order they began (a file's own order where two began at once). */
export function mergedInTime(files: readonly HarRead[]): ObservedExchange[] {
  return files
    .flatMap((file, fileIndex) => file.exchanges.map((exchange, index) => ({ exchange, fileIndex, index })))
    .sort((a, b) => a.exchange.startedAt - b.exchange.startedAt || a.fileIndex - b.fileIndex || a.index - b.index)
    .map(({ exchange }) => exchange);
}
