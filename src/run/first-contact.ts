import type { Operation } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { type FirstContact, firstContactFor, type WireForm } from '../engine/target/first-contact.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import { obtainToken } from '../engine/target/token.js';
import { NotThisApiError, TokenRefusedError } from '../errors.js';
import { Redactor } from '../redaction/redactor.js';
import { sharedValidator } from '../validation/validator.js';

/** What the run goes on with once first contact has shown how the server takes the token. */
export interface Contacted {
  readonly token: string;
  readonly form: WireForm;
  /** The server's refusal of the documented form, when it served another. */
  readonly deviations: readonly Deviation[];
  /** Said at the top of the console and the reports when the run goes on in a form other than the documented one. */
  readonly adopted?: string;
}

/**
 * First contact with the target before the suites (src/engine/target/first-contact.ts). A token refused in
 * every form gets one new token from the map's token operation, when there is one (as any call does
 * during the run); refused again, or nothing at the base URL answering like this API, the run stops
 * before the suites: nothing could be checked.
 */
export async function contactTarget(
  base: Omit<RunSettings, 'token'>,
  token: string,
  selected: readonly Operation[],
  io: { log(line: string): void },
  quiet: boolean,
): Promise<Contacted> {
  const secrets = [token, ...base.secrets];
  const contact = (candidate: string): Promise<FirstContact> => firstContactFor({ ...base, token: candidate, secrets }, selected, sharedValidator());
  let found = await contact(token);
  let current = token;
  if (found.kind === 'token-refused' && base.tokenSource) {
    const client = createClient({ ...base, token: '' });
    const fresh = await obtainToken(client, base.tokenSource).finally(() => client.close());
    secrets.push(fresh);
    if (fresh !== token) {
      const again = await contact(fresh);
      if (again.kind !== 'token-refused') [found, current] = [again, fresh];
    }
  }
  const redactor = new Redactor(secrets);
  if (found.kind === 'token-refused') {
    const formsTried = found.formsTried.map(({ form, answer }) => ({ form, answer: redactor.text(answer) }));
    throw new TokenRefusedError(redactor.text(found.reason), formsTried);
  }
  if (found.kind === 'not-this-api') throw new NotThisApiError(redactor.text(found.reason));
  if (found.note && !quiet) io.log(found.note);
  return { token: current, form: found.form, deviations: found.deviations, ...(found.adopted ? { adopted: redactor.text(found.adopted) } : {}) };
}
