import { type Operation, wirePath } from '../../catalogue/operations.js';
import type { Client } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import { KitError } from '../../errors.js';
import { atPointer } from '../../json-pointer.js';
import type { TokenSource } from '../schedule/settings.js';

/** Calls the token operation with the map's body. No token is sent with it: a client asking for one has none yet. */
export function askForToken(client: Client, operation: Operation): Promise<Transcript> {
  return client.send({
    method: operation.method,
    wirePath: wirePath(operation),
    body: operation.body === undefined ? undefined : JSON.stringify(operation.body),
    headers: { authorization: undefined },
  });
}

/** The token an answer of the token operation carries at the map's pointer: a string that is not empty, else undefined. */
export function tokenAt(transcript: Transcript, pointer: string): string | undefined {
  const json = transcript.response?.json;
  const token = json?.ok ? atPointer(json.value, pointer) : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Calls the token operation (5 rule 3: "A token is obtained with the token operation") with the
 * map's body, and reads the token at the map's pointer.
 */
export async function obtainToken(client: Client, source: TokenSource): Promise<string> {
  const { operation, pointer } = source;
  const transcript = await askForToken(client, operation);
  const token = tokenAt(transcript, pointer);
  if (token === undefined) {
    const response = transcript.response;
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
