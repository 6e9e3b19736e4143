import { type Operation, wirePath } from '../catalogue/operations.js';
import { isErrorResult, isPlainObject } from '../checks/preconditions.js';
import type { Transcript } from '../client/exchange.js';
import { type Client, unauthorized } from '../client/client.js';
import { generateCalls } from './calls.js';

/** Operations a client calls before it has a token: their answer says nothing about the token. */
const CALLED_WITHOUT_TOKEN = new Set(['login', 'token-get']);

/**
 * The operation the pre-flight calls: a selected one that changes nothing and takes the token,
 * a documented list first (its valid payload is generated from the request schema), else any
 * documented one, else one an operation map places. Undefined when the selection has none.
 */
export function preflightOperation(selected: readonly Operation[]): Operation | undefined {
  const candidates = selected.filter((op) => !op.mutates && !CALLED_WITHOUT_TOKEN.has(op.id));
  const documented = candidates.filter((op) => op.requestSchema !== undefined);
  return documented.find((op) => op.paging !== undefined) ?? documented[0] ?? candidates[0];
}

/** What came back, in a few words: status, and the envelope's code and message (or the body's start). */
function describeAnswer(transcript: Transcript): string {
  const response = transcript.response!;
  const body = response.json.ok ? response.json.value : undefined;
  if (isPlainObject(body)) {
    const field = (name: string) => (body[name] === undefined ? '' : `, ${name} ${JSON.stringify(body[name]).slice(0, 200)}`);
    return `HTTP ${response.status}${field('code')}${field('message')}${field('error')}`;
  }
  const text = response.bodyText.trim();
  return `HTTP ${response.status}${text ? `, body ${JSON.stringify(text.slice(0, 200))}` : ', empty body'}`;
}

/** The parts of an error result that say what the error is: the same parts, the same error. */
function errorIdentity(transcript: Transcript): string | undefined {
  const response = transcript.response;
  const body = response?.json.ok ? response.json.value : undefined;
  if (!response || !isPlainObject(body) || !isErrorResult(body)) return undefined;
  return JSON.stringify([response.status, body.code, body.status, body.error]);
}

/**
 * One authenticated call of a read-only operation with a valid payload, before the suites.
 * Section 5 leaves "behaviour on a missing or invalid token" unshown, so a refusal is only what
 * cannot be anything else: HTTP 401 or 403, an envelope whose code is "401" or "403", or an error
 * result identical (status, code, status text, error object) to what the same call gets with no
 * authorization header at all. Returns how the server refused, or undefined when it did not; a
 * call that got no answer is not a refusal (the suites report what went wrong).
 */
export async function tokenRefusal(client: Client, operation: Operation, seed: number): Promise<string | undefined> {
  const [call] = generateCalls(operation, 'conforming', seed, 1);
  const send = (headers?: Record<string, undefined>) =>
    client.send({ method: operation.method, wirePath: wirePath(operation), body: call?.body, ...(headers ? { headers } : {}) });
  const answer = await send();
  if (!answer.response) return undefined;
  if (unauthorized(answer)) return `${operation.path} answered ${describeAnswer(answer)}`;
  const identity = errorIdentity(answer);
  if (identity === undefined) return undefined;
  const anonymous = await send({ authorization: undefined });
  if (errorIdentity(anonymous) !== identity) return undefined;
  return `${operation.path} answered ${describeAnswer(answer)}, the same error result as with no authorization header`;
}
