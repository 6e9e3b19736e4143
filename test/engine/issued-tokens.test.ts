import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { clientForRun } from '../../src/engine/schedule/context.js';
import { issuedTokens } from '../../src/engine/target/issued-tokens.js';
import { secretsOfRun, urlPassword } from '../../src/config/secrets.js';
import { unsignedJwt } from '../../src/client/auth.js';
import type { Transcript } from '../../src/client/exchange.js';
import { testSettings } from '../support/kit.js';

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

const answered = (value: unknown): Transcript => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9//pc/auth/login', headers: {}, body: '{}' },
  response: { status: 200, headers: {}, bodyText: JSON.stringify(value), json: { ok: true, value } },
  durationMs: 1,
});

describe('tokens the server issues', () => {
  it('every string under a credential-named key of a login answer, and the one at the token pointer', () => {
    const body = {
      data: { accessToken: 'at-1-long-enough', user: { name: 'Li', session: { id: 'sid-2-long-enough' }, sessionCount: '1' }, expiresIn: 7200 },
      error: { token: 'token is required here' },
      code: '200',
      t: 'tp-3',
    };
    expect(issuedTokens(answered(body), '/t').sort()).toEqual(['at-1-long-enough', 'sid-2-long-enough', 'tp-3']);
    expect(issuedTokens({ ...answered(body), response: { ...answered(body).response!, json: { ok: false, reason: 'x' } } })).toEqual([]);
  });

  it('a token in the answer of login (#12) joins the run’s secrets and is redacted from later evidence', async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      const issued = req.url === '//pc/auth/login';
      res.end(JSON.stringify({ data: issued ? { token: 'issued-7f3a9c51' } : {}, status: 'ok', code: '200', message: '', error: {} }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { client, redactor } = clientForRun(testSettings(url, 'first-token'));
    try {
      await client.send({ method: 'POST', wirePath: '//pc/custom_demand/list', body: '{}' });
      expect(redactor.text('echo issued-7f3a9c51 / first-token')).toBe('echo issued-7f3a9c51 / [REDACTED]');
      await client.send({ method: 'POST', wirePath: '//pc/auth/login', body: '{}' });
      expect(redactor.text('echo issued-7f3a9c51 / first-token')).toBe('echo [REDACTED] / [REDACTED]');
    } finally {
      await client.close();
    }
  });
});

describe('the secrets of a run', () => {
  it('the token, the map’s credentials, credential-named variables and a password in the base URL', () => {
    const secrets = secretsOfRun('tok', ['13800138000', 'pw-from-map'], {
      baseUrl: 'https://user:p%40ss@example.com/api',
      variables: { OTP_PASSWORD: 'dotenv-pass', SERVICE_API_KEY: 'key-1', OTP_RUNS: '5', HOME: '/root' },
    });
    expect(secrets).toEqual(['tok', '13800138000', 'pw-from-map', 'dotenv-pass', 'key-1', 'p%40ss', 'p@ss']);
  });

  it('a token that is a JWT brings its unsigned forgery, which carries its claims; any other token brings none', () => {
    const segment = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
    const jwt = `${segment({ alg: 'RS256' })}.${segment({ sub: 'member-42' })}.c2lnbmF0dXJl`;
    const none = { baseUrl: undefined, variables: {} };
    expect(secretsOfRun(jwt, [], none)).toEqual([jwt, unsignedJwt(jwt)]);
    expect(secretsOfRun('3f9c2a7e51d04b68', [], none)).toEqual(['3f9c2a7e51d04b68']);
  });

  it('a base URL without a password adds none', () => {
    expect(urlPassword('http://127.0.0.1:8080')).toEqual([]);
    expect(urlPassword('http://user@127.0.0.1:8080')).toEqual([]);
    expect(urlPassword(undefined)).toEqual([]);
  });
});
