import { findOperation, type Operation, wirePath } from '../../catalogue/operations.js';
import type { Client } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import { basePayloads } from '../../generators/coverage/base-payloads.js';
import type { RunSettings } from '../schedule/settings.js';
import { issuedCookies, issuedTokens } from './issued-tokens.js';
import { askForToken, tokenAt } from './token.js';

/** What the server hands out during a run besides the run's token: what the auth probes send in its place. */
export interface IssuedCredentials {
  /** The Cookie field a browser sends once the run has signed in: the cookies the sign-in's answer set, `name=value; …`; absent where it set none. */
  readonly cookie?: string;
  /** The token the token operation answered when asked again; absent where the run has no token operation or it answered none. */
  readonly renewedToken?: string;
}

/** Where the run obtains none. */
export const NONE_ISSUED: IssuedCredentials = {};

type RunFacts = Pick<RunSettings, 'tokenSource' | 'mapped' | 'readOnly'>;

/**
 * The sign-in (#12 login), once, with the coverage pass's fixed body and the run's token in the
 * documented form, as section 5 has every operation take it: the cookies its answer sets, as a
 * Cookie field. Headers are given, so that a refusal, which says the sign-in's credentials were
 * wrong rather than the token, does not make the client renew the run's token.
 */
async function signInCookie(client: Client, abandon: AbortSignal | undefined): Promise<string | undefined> {
  const login = findOperation('login')!;
  const transcript = await client.send({
    method: login.method,
    wirePath: wirePath(login),
    body: JSON.stringify(basePayloads.login),
    headers: {},
    ...(abandon ? { abandon } : {}),
  });
  const cookies = issuedCookies(transcript);
  // "cookie-pair *( ";" SP cookie-pair )" (RFC 6265 5.4).
  return cookies.length > 0 ? cookies.map(({ name, value }) => `${name}=${value}`).join('; ') : undefined;
}

/** The token operation of the run: the one its map names for the token, else token-get where the map places it. */
export function tokenOperationOf(settings: Pick<RunSettings, 'tokenSource' | 'mapped'>): Operation | undefined {
  return settings.tokenSource?.operation ?? settings.mapped.find((op) => op.id === 'token-get');
}

/** The token an answer carries: at the map's pointer where it names one, else the one credential the answer holds, if it holds one. */
function tokenIn(transcript: Transcript, settings: RunFacts): string | undefined {
  if (settings.tokenSource) return tokenAt(transcript, settings.tokenSource.pointer);
  const found = new Set(issuedTokens(transcript));
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * A renewal: the token operation called twice, one call after the other, and the token the second
 * answered. The run's token may not be one the operation issued (--token), so only the second call
 * is surely a renewal. Not where the map says the operation changes state and the run is read-only.
 */
async function renewedToken(client: Client, settings: RunFacts, abandon: AbortSignal | undefined): Promise<string | undefined> {
  const operation = tokenOperationOf(settings);
  if (!operation || (operation.mutates && settings.readOnly)) return undefined;
  await askForToken(client, operation, abandon);
  return tokenIn(await askForToken(client, operation, abandon), settings);
}

/**
 * What the auth probes send in place of the run's token, obtained once per run: the cookies a
 * sign-in sets, and a token the token operation issues again. Three calls at most, judged by no
 * check: what they hand out is what the probes put to every operation. The client keeps both out
 * of everything written (clientForRun learns what login and the token operation hand out).
 */
export async function obtainIssuedCredentials(client: Client, settings: RunFacts, abandon?: AbortSignal): Promise<IssuedCredentials> {
  const [cookie, renewed] = await Promise.all([signInCookie(client, abandon), renewedToken(client, settings, abandon)]);
  return { ...(cookie === undefined ? {} : { cookie }), ...(renewed === undefined ? {} : { renewedToken: renewed }) };
}
