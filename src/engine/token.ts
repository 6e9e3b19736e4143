import { wirePath } from '../catalogue/operations.js';
import type { Client } from '../client/client.js';
import { KitError } from '../errors.js';
import type { TokenSource } from './settings.js';

/** The value at a JSON pointer (RFC 6901), or undefined. */
export function atPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Calls the token operation (5 rule 3: "A token is obtained with the token operation") with the
 * map's body, and reads the token at the map's pointer. No token is sent with it: there is none yet.
 */
export async function obtainToken(client: Client, source: TokenSource): Promise<string> {
  const { operation, pointer } = source;
  const transcript = await client.send({
    method: operation.method,
    wirePath: wirePath(operation),
    body: operation.body === undefined ? undefined : JSON.stringify(operation.body),
    headers: { authorization: undefined },
  });
  const response = transcript.response;
  const token = response?.json.ok ? atPointer(response.json.value, pointer) : undefined;
  if (typeof token !== 'string' || token === '') {
    const answered = transcript.failure
      ? transcript.failure.kind
      : `HTTP ${response?.status}${response?.json.ok ? ` with no string at ${pointer}` : ', not JSON'}`;
    throw new KitError(
      'OTP_NO_TOKEN',
      `The token operation at ${operation.path} answered ${answered}; check its path, body and "token" pointer in the operation map and the credentials it takes from the environment, or pass --token.`,
    );
  }
  return token;
}
