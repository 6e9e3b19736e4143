import { isUtf8 } from 'node:buffer';
import { addFieldLine } from '../client/field-lines.js';
import { parseJson } from '../client/json-text.js';
import type { ReceivedResponse } from '../client/exchange.js';

/** A response header list as the checks read it: names in lower case, the values of one name joined by `, ` (Set-Cookie's apart: client/field-lines.ts). */
export function headersOf(pairs: ReadonlyArray<readonly [name: string, value: string]>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) addFieldLine(headers, name.toLowerCase(), value);
  return headers;
}

/**
 * A request header list as the client wrote it: each name as sent, the values of one name (in any
 * case) joined by `, ` under the name first written.
 */
export function sentHeadersOf(pairs: ReadonlyArray<readonly [name: string, value: string]>): Record<string, string> {
  const headers: Record<string, string> = {};
  const firstWritten = new Map<string, string>();
  for (const [name, value] of pairs) {
    const written = firstWritten.get(name.toLowerCase());
    if (written === undefined) {
      firstWritten.set(name.toLowerCase(), name);
      headers[name] = value;
    } else headers[written] = `${headers[written]}, ${value}`;
  }
  return headers;
}

/** An answer seen in traffic, as the checks read one the kit received: its decoded body's text, its parse, and what is wrong with its bytes. */
export function receivedOf(status: number, headers: Record<string, string>, bytes: Buffer, encodingProblem?: string): ReceivedResponse {
  const bodyText = bytes.toString('utf8');
  return {
    status,
    headers,
    bodyText,
    json: parseJson(bodyText),
    ...(isUtf8(bytes) ? {} : { invalidUtf8: true as const }),
    ...(encodingProblem === undefined ? {} : { encodingProblem }),
  };
}
