import { wirePath } from '../../catalogue/operations.js';
import type { Client } from '../../client/client.js';
import { KitError } from '../../errors.js';
import { atPointer } from '../../json-pointer.js';
import type { TokenSource } from '../schedule/settings.js';

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
