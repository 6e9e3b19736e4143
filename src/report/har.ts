import { closeSync, createReadStream, openSync, readdirSync, readSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fieldLinesOf } from '../client/field-lines.js';
import { byPlan, EXCHANGE_LOG_SUFFIX, type LoggedBody, type LoggedExchange } from '../engine/schedule/exchange-log.js';
import type { Redactor } from '../redaction/redactor.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the parts the kit writes. */
interface HarHeader {
  readonly name: string;
  readonly value: string;
}

/** The version of every request the kit's pool sends, and of every answer it reads. */
const HTTP_VERSION = 'HTTP/1.1';

/** A header list as HAR's name/value list: each Set-Cookie line an entry of its own, as it came. */
const harHeaders = (headers: Readonly<Record<string, string>>): HarHeader[] =>
  Object.entries(headers).flatMap(([name, value]) => fieldLinesOf(name, value).map((line) => ({ name, value: line })));

function headerValue(headers: Readonly<Record<string, string>>, name: string): string {
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] ?? '';
}

/** The query of a URL built by string (a doubled slash kept), as HAR's name/value list. */
function queryString(url: string): HarHeader[] {
  const fragment = url.indexOf('#');
  const query = (fragment < 0 ? url : url.slice(0, fragment)).split('?').slice(1).join('?');
  return query === '' ? [] : [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }));
}

function cutNote(body: LoggedBody): string | undefined {
  return body.truncated ? `body cut to its first ${body.text.length} of ${body.length} characters` : undefined;
}

/** One logged exchange as a HAR entry. A call that got no answer has status 0 and says why. */
export function harEntry(exchange: LoggedExchange): Record<string, unknown> {
  const { request, response, failure } = exchange;
  const requestNote = request.body && cutNote(request.body);
  const responseNote = response && cutNote(response.body);
  return {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: request.httpVersion === undefined ? HTTP_VERSION : `HTTP/${request.httpVersion}`,
      cookies: [],
      headers: harHeaders(request.headers),
      queryString: queryString(request.url),
      ...(request.body
        ? {
            postData: {
              mimeType: headerValue(request.headers, 'content-type'),
              text: request.body.text,
              ...(requestNote ? { comment: requestNote } : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: request.body ? Buffer.byteLength(request.body.text) : 0,
    },
    response: {
      status: response?.status ?? 0,
      statusText: '',
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: response ? harHeaders(response.headers) : [],
      content: {
        size: response?.body.length ?? 0,
        mimeType: response ? headerValue(response.headers, 'content-type') : '',
        ...(response ? { text: response.body.text } : {}),
        ...(responseNote ? { comment: responseNote } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...(failure ? { comment: `no complete answer: ${failure.kind}: ${failure.message}` } : {}),
    },
    cache: {},
    // The client times a call whole, from sending to the last byte: the wait holds all of it.
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
  };
}

/** Where one logged exchange lies in its file, with what orders it. */
interface LogLine extends Pick<LoggedExchange, 'place' | 'startedAt'> {
  readonly file: string;
  readonly offset: number;
  readonly bytes: number;
}

/** Every whole line of the logs in `dir`, located and keyed, not kept: a line a stopped worker left half-written is skipped. */
async function indexLogs(dir: string): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  const logs = readdirSync(dir)
    .filter((name) => name.endsWith(EXCHANGE_LOG_SUFFIX))
    .sort();
  for (const name of logs) {
    const file = join(dir, name);
    let offset = 0;
    for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
      const bytes = Buffer.byteLength(line);
      try {
        const { place, startedAt } = JSON.parse(line) as LoggedExchange;
        lines.push({ file, offset, bytes, startedAt, ...(place ? { place } : {}) });
      } catch {
        // A half-written last line: nothing to list.
      }
      offset += bytes + 1;
    }
  }
  return lines.sort(byPlan);
}

function readLine(line: LogLine): LoggedExchange {
  const fd = openSync(line.file, 'r');
  try {
    const buffer = Buffer.alloc(line.bytes);
    readSync(fd, buffer, 0, line.bytes, line.offset);
    return JSON.parse(buffer.toString('utf8')) as LoggedExchange;
  } finally {
    closeSync(fd);
  }
}

/**
 * Joins the exchange logs the workers wrote in `dir` into one HAR 1.2 file, in the order of the
 * run's plan (the same seed, the same order), entry by entry: memory holds where each exchange lies
 * and one exchange at a time, whatever the run's size. Each entry passes the run's redactor once
 * more. Returns the number of entries.
 */
export async function writeHar(dir: string, file: string, redactor: Redactor): Promise<number> {
  const lines = await indexLogs(dir);
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  try {
    const log = { version: '1.2', creator: { name: TOOL_NAME, version: TOOL_VERSION }, entries: [] };
    const opening = JSON.stringify({ log }, null, 1);
    // Everything up to the entries' `[`, then the entries, then the rest.
    const at = opening.lastIndexOf('[]') + 1;
    writeSync(fd, opening.slice(0, at));
    lines.forEach((line, index) => {
      writeSync(fd, `${index === 0 ? '\n' : ',\n'}${JSON.stringify(redactor.deep(harEntry(readLine(line))))}`);
    });
    writeSync(fd, `${lines.length === 0 ? '' : '\n'}${opening.slice(at)}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return lines.length;
}
