import { jwtClaims, unsignedJwt } from '../client/auth.js';

/** Environment and .env names whose values are credentials: kept out of every report, whether a template uses them or not. */
const CREDENTIAL_NAME = /(?:^|_)(?:PASSWORD|PASSWD|PASS|SECRET|TOKEN|API_?KEY)$/i;

/** The password in a URL's userinfo (`https://user:pw@host`), as written and decoded. */
export function urlPassword(text: string | undefined): string[] {
  if (text === undefined || !URL.canParse(text)) return [];
  const { password } = new URL(text);
  if (password === '') return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // Not valid percent-encoding: the password is what was written.
  }
  return [...new Set([password, decoded])];
}

/**
 * The secrets of a run: the token, the values the operation map's templates took (the map's
 * credentials), every credential-named variable of the environment and .env, and a password in
 * the base URL. Where the token is a JWT, its unsigned forgery too (the auth probe `unsigned-jwt`):
 * it carries the token's claims and lets anyone in wherever the server takes it. Tokens the server
 * issues join them during the run (engine/schedule/context.ts); no probe is forged from those.
 */
export function secretsOfRun(
  token: string,
  templateSecrets: readonly string[],
  config: { readonly baseUrl: string | undefined; readonly variables: Readonly<Record<string, string>> },
): string[] {
  const credentials = Object.entries(config.variables)
    .filter(([name, value]) => CREDENTIAL_NAME.test(name) && value !== '')
    .map(([, value]) => value);
  const forged = jwtClaims(token) === undefined ? [] : [unsignedJwt(token)];
  return [...new Set([token, ...forged, ...templateSecrets, ...credentials, ...urlPassword(config.baseUrl)].filter((secret) => secret !== ''))];
}

/** The secrets the environment names, for commands that send nothing (merge): the reports they join were redacted already. */
export function secretsOfEnvironment(env: Readonly<Record<string, string | undefined>>): string[] {
  const variables = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return secretsOfRun('', [], { baseUrl: env.OTP_BASE_URL, variables });
}
