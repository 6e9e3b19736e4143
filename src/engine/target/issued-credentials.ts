import { findOperation, type Operation, wirePath } from '../../catalogue/operations.js';
import { type Client, createClient } from '../../client/client.js';
import type { Transcript } from '../../client/exchange.js';
import { basePayloads } from '../../generators/coverage/base-payloads.js';
import type { IssuedCredentials, RunSettings } from '../schedule/settings.js';
import { type IssuedCookie, issuedCookies, issuedTokens } from './issued-tokens.js';
import { askForToken, tokenAt } from './token.js';

/** The Cookie field a browser sends with the cookies: "cookie-pair *( ";" SP cookie-pair )" (RFC 6265 5.4); undefined for none. */
export function cookieField(cookies: readonly IssuedCookie[]): string | undefined {
  return cookies.length > 0 ? cookies.map(({ name, value }) => `${name}=${value}`).join('; ') : undefined;
}

type RunFacts = Pick<RunSettings, 'tokenSource' | 'mapped' | 'readOnly'>;

/**
 * The sign-in (#12 login), once, with the coverage pass's fixed body and the run's token in the
 * documented form, as section 5 has every operation take it: the cookies its answer sets. Headers
 * are given, so that a refusal, which says the sign-in's credentials were wrong rather than the
 * token, does not make the client renew the run's token.
 */
async function signInCookies(client: Client): Promise<IssuedCookie[]> {
  const login = findOperation('login');
  if (!login) return [];
  const transcript = await client.send({
    method: login.method,
    wirePath: wirePath(login),
    body: JSON.stringify(basePayloads.login),
    headers: {},
  });
  return issuedCookies(transcript);
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
async function renewedToken(client: Client, settings: RunFacts): Promise<string | undefined> {
  const operation = tokenOperationOf(settings);
  if (!operation || (operation.mutates && settings.readOnly)) return undefined;
  await askForToken(client, operation);
  return tokenIn(await askForToken(client, operation), settings);
}

/**
 * What the auth probes send in place of the run's token: the cookies a sign-in sets, and a token the
 * token operation issues again. Three calls at most, judged by no check.
 */
export async function obtainIssuedCredentials(client: Client, settings: RunFacts): Promise<IssuedCredentials> {
  const [cookies, renewed] = await Promise.all([signInCookies(client), renewedToken(client, settings)]);
  return { cookies, ...(renewed === undefined ? {} : { renewedToken: renewed }) };
}

/**
 * The settings of a run that sends the auth probes, with what the server hands out besides its
 * token obtained before the run starts, as the token is, on a client of its own (not the run's: its
 * calls are no operation's), and each cookie value and the renewed token among the run's secrets,
 * so that every redactor of the run keeps them out of what it writes.
 */
export async function withIssuedCredentials(settings: RunSettings): Promise<RunSettings> {
  if (!settings.authProbes) return settings;
  const client = createClient(settings);
  try {
    const issued = await obtainIssuedCredentials(client, settings);
    const secrets = [...issued.cookies.map((cookie) => cookie.value), ...(issued.renewedToken === undefined ? [] : [issued.renewedToken])];
    return { ...settings, issued, secrets: [...new Set([...settings.secrets, ...secrets])] };
  } finally {
    await client.close();
  }
}
