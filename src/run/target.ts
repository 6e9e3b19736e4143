import { randomBytes } from 'node:crypto';
import { createClient } from '../client/client.js';
import { mappedForRun } from '../config/mapped.js';
import type { RunConfig } from '../config/resolve.js';
import { secretsOfRun } from '../config/secrets.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import { obtainToken } from '../engine/target/token.js';
import type { ReferenceServer } from '../reference/server.js';

/** The token of the run: --token, else the token operation of the map, else the embedded server's. */
export async function tokenFor(config: RunConfig, base: Omit<RunSettings, 'token'>, fallback: string | undefined): Promise<string> {
  if (config.token) return config.token;
  if (base.tokenSource) {
    const client = createClient({ ...base, token: '' });
    try {
      return await obtainToken(client, base.tokenSource);
    } finally {
      await client.close();
    }
  }
  if (fallback === undefined) throw new Error('A run against a base URL without a token got past the options.');
  return fallback;
}

/** What a run checks: the server at --base-url, or the embedded reference server it started. */
export interface Target {
  readonly baseUrl: string;
  readonly server?: ReferenceServer;
}

/** The target of a run; the embedded reference server is started where no --base-url is given. */
export async function startTarget(config: RunConfig): Promise<Target> {
  if (config.baseUrl !== undefined) return { baseUrl: config.baseUrl };
  const server = await startEmbeddedServer();
  return { baseUrl: server.url, server };
}

/** Everything a run needs but the token, from the config and its target. */
export function baseSettings(config: RunConfig, { baseUrl, server }: Target) {
  // The embedded server's credentials feed the map's ${OTP_USERNAME} and ${OTP_PASSWORD}.
  const variables = server ? { ...config.variables, OTP_USERNAME: server.credentials.mobile, OTP_PASSWORD: server.credentials.password } : config.variables;
  const mapped = mappedForRun(config.operationMap?.map, config.operations, variables);
  // The environment, the map and the run's own clock stay here: workers get the filled-in operations only.
  const {
    variables: _variables,
    operationMap: _operationMap,
    maxTime: _maxTime,
    allowUnverified: _allowUnverified,
    requireRecords: _requireRecords,
    har: _har,
    maxFailures: _maxFailures,
    dryRun: _dryRun,
    checksLeftOutBy: _checksLeftOutBy,
    ...runConfig
  } = config;
  return { ...runConfig, ...mapped, baseUrl };
}

/** The embedded reference server, with a random token; its modules are loaded only for it, not when --base-url is given. */
const startEmbeddedServer = async (): Promise<ReferenceServer> =>
  (await import('../reference/server.js')).startReferenceServer({ token: randomBytes(16).toString('hex') });

/** The token, the template values, credentials in the environment and the secrets the options carry. */
export function secretsOfRunWith(token: string, templateSecrets: readonly string[], config: RunConfig): string[] {
  return [...new Set([...secretsOfRun(token, templateSecrets, config), ...config.optionSecrets])];
}
