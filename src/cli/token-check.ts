import type { Operation } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import { preflightOperation, tokenRefusal } from '../engine/preflight.js';
import { Redactor } from '../redaction/redactor.js';
import type { RunSettings } from '../engine/settings.js';
import { obtainToken } from '../engine/token.js';
import { TokenRefusedError } from '../errors.js';

/**
 * The token the run goes on with, once one authenticated call has shown the server takes it. A
 * refused token gets one new token from the map's token operation, when there is one (as any call
 * does during the run); refused again, the run stops before the suites: nothing could be checked.
 */
export async function checkedToken(
  base: Omit<RunSettings, 'token'>,
  token: string,
  selected: readonly Operation[],
  io: { log(line: string): void },
  quiet: boolean,
): Promise<string> {
  const operation = preflightOperation(selected);
  if (!operation) {
    if (!quiet) io.log('No selected operation is read-only and takes the token: the token is not checked before the run.');
    return token;
  }
  const refusedWith = async (candidate: string) => {
    const client = createClient({ ...base, token: candidate });
    try {
      return await tokenRefusal(client, operation, base.seed);
    } finally {
      await client.close();
    }
  };
  const refusal = await refusedWith(token);
  if (refusal === undefined) return token;
  const secrets = [token, ...base.secrets];
  if (base.tokenSource) {
    const client = createClient({ ...base, token: '' });
    const fresh = await obtainToken(client, base.tokenSource).finally(() => client.close());
    secrets.push(fresh);
    if (fresh !== token && (await refusedWith(fresh)) === undefined) return fresh;
  }
  const redactor = new Redactor(secrets);
  throw new TokenRefusedError(
    `the server refused the token: ${redactor.text(refusal)}. Check --token (or OTP_TOKEN), --auth-scheme and --base-url; nothing was checked.`,
  );
}
