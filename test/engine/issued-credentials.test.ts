import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { mappedOperation } from '../../src/catalogue/operation-map.js';
import { findOperation } from '../../src/catalogue/operations.js';
import type { Transcript } from '../../src/client/exchange.js';
import { createClient } from '../../src/client/client.js';
import { clientForRun } from '../../src/engine/schedule/context.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { obtainIssuedCredentials, withIssuedCredentials } from '../../src/engine/target/issued-credentials.js';
import { issuedCookies } from '../../src/engine/target/issued-tokens.js';
import { testSettings } from '../support/kit.js';

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

const TOKEN = 'run-token-5c1e';
const SESSION = 'F3A91C0D5E7B2468ACE13579BDF02468';
const envelope = (ok: boolean, data: unknown = {}) =>
  JSON.stringify({
    data,
    status: ok ? 'success' : 'fail',
    code: ok ? '200' : '401',
    message: ok ? 'ok' : 'unauthorized',
    error: ok ? {} : { reason: 'unauthorized' },
  });

/**
 * A server whose login sets a session cookie (and a short one that names a language), whose token
 * operation (at //auth/get_token) issues a new token at each call, the run's first, and which lets in
 * the run's token and, with no header, the session cookie; what it refuses it answers with the
 * credentials it was sent written back, as an error page that echoes the request does. Conforming:
 * it takes every token it issued, and no session in place of the header.
 */
async function sessionServer(conforming = false): Promise<{ url: string; issued: string[]; seen: IncomingMessage['headers'][] }> {
  const issued: string[] = [];
  const seen: IncomingMessage['headers'][] = [];
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    // The doubled slash goes before /auth (4), and a map's path under it takes one too.
    if (req.url === '//auth/get_token') {
      issued.push(issued.length === 0 ? TOKEN : `renewed-${issued.length}-9d2f7a`);
      return res.end(envelope(true, { token: issued.at(-1), expiresIn: 7200 }));
    }
    if (req.url === '//pc/auth/login') {
      res.setHeader('set-cookie', [`SESSION=${SESSION}; Path=/; HttpOnly`, 'lang=zh; Path=/']);
      return res.end(envelope(true));
    }
    const byToken = conforming
      ? issued.some((token) => req.headers.authorization === `bearer${token}`) || req.headers.authorization === `bearer${TOKEN}`
      : req.headers.authorization === `bearer${TOKEN}`;
    const bySession = !conforming && req.headers.authorization === undefined && req.headers.cookie?.includes(`SESSION=${SESSION}`) === true;
    if (byToken || bySession) return res.end(envelope(true, { pageNo: 1, totalPage: 1, list: [] }));
    const echoed = {
      data: {},
      status: 'fail',
      code: '401',
      message: `refused ${req.headers.authorization ?? ''} ${req.headers.cookie ?? ''}`,
      error: { reason: 'unauthorized' },
    };
    res.end(JSON.stringify(echoed));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, issued, seen };
}

const tokenGet = mappedOperation(findListedOperation('token-get')!, { path: '/auth/get_token' }, { mobile: '13812345678', password: 'secret-pw' });

const setting = (value: string): Transcript => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9//pc/auth/login', headers: {}, body: '{}' },
  response: { status: 200, headers: { 'set-cookie': value }, bodyText: '{}', json: { ok: true, value: {} } },
  durationMs: 1,
});

describe('the cookies a sign-in sets', () => {
  it('each line’s name and value, its attributes left out; a short value and a cookie removed left out', () => {
    const lines = [
      `SESSION=${SESSION}; Path=/; HttpOnly`,
      'lang=zh; Path=/',
      'rememberMe=deleteMe-long; Max-Age=0',
      'remember=abcdefgh12; Max-Age=-1',
      'sid = 0123456789abcdef ; Secure',
    ];
    expect(issuedCookies(setting(lines.join('\n')))).toEqual([
      { name: 'SESSION', value: SESSION },
      { name: 'sid', value: '0123456789abcdef' },
    ]);
    expect(issuedCookies({ ...setting(''), response: undefined })).toEqual([]);
  });

  it('join the run’s secrets as the answer of login arrives', async () => {
    const { url } = await sessionServer();
    const { client, redactor } = clientForRun(testSettings(url, TOKEN));
    try {
      await client.send({ method: 'POST', wirePath: '//pc/auth/login', body: '{}' });
      expect(redactor.text(`Cookie: SESSION=${SESSION}; lang=zh`)).toBe('Cookie: SESSION=[REDACTED]; lang=zh');
    } finally {
      await client.close();
    }
  });
});

describe('what the auth probes send in place of the token, obtained once a run', () => {
  it('the sign-in’s session cookie, and the token the token operation answers when asked a second time', async () => {
    const { url, issued, seen } = await sessionServer();
    const client = createClient(testSettings(url, TOKEN));
    try {
      const issuedNow = await obtainIssuedCredentials(client, { mapped: [tokenGet], readOnly: false });
      expect(issuedNow).toEqual({ cookies: [{ name: 'SESSION', value: SESSION }], renewedToken: 'renewed-1-9d2f7a' });
      expect(issued).toEqual([TOKEN, 'renewed-1-9d2f7a']);
      // The sign-in with the run's token, as every operation takes it; the token operation without one.
      expect(seen.map((headers) => headers.authorization)).toEqual(expect.arrayContaining([`bearer${TOKEN}`, undefined, undefined]));
      // Read at the map's pointer where it names one.
      const bySource = await obtainIssuedCredentials(client, { mapped: [], tokenSource: { operation: tokenGet, pointer: '/data/token' }, readOnly: false });
      expect(bySource.renewedToken).toBe('renewed-3-9d2f7a');
      const elsewhere = await obtainIssuedCredentials(client, {
        mapped: [],
        tokenSource: { operation: tokenGet, pointer: '/data/expiresIn' },
        readOnly: false,
      });
      expect(elsewhere.renewedToken).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('no token operation in the run, or one the map says changes state in a read-only run: no renewal', async () => {
    const { url, issued } = await sessionServer();
    const client = createClient(testSettings(url, TOKEN));
    try {
      expect(await obtainIssuedCredentials(client, { mapped: [], readOnly: false })).toEqual({ cookies: [{ name: 'SESSION', value: SESSION }] });
      expect(await obtainIssuedCredentials(client, { mapped: [{ ...tokenGet, mutates: true }], readOnly: true })).toEqual({
        cookies: [{ name: 'SESSION', value: SESSION }],
      });
      expect(issued).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('the settings of a run, with them', () => {
  it('what was handed out, its values among the run’s secrets; nothing asked for where the auth probes are off', async () => {
    const { url, issued } = await sessionServer();
    const settings = await withIssuedCredentials(testSettings(url, TOKEN, { mapped: [tokenGet] }));
    expect(settings.issued).toEqual({ cookies: [{ name: 'SESSION', value: SESSION }], renewedToken: 'renewed-1-9d2f7a' });
    expect(settings.secrets).toEqual(expect.arrayContaining([TOKEN, SESSION, 'renewed-1-9d2f7a']));
    const off = testSettings(url, TOKEN, { mapped: [tokenGet], authProbes: false });
    expect(await withIssuedCredentials(off)).toBe(off);
    expect(issued).toHaveLength(2);
  });
});

/** The run of bank-card-list alone against a server, with the map's token operation, its exchanges logged. */
async function runAgainst(url: string) {
  const exchangeLogDir = mkdtempSync(join(tmpdir(), 'otp-issued-'));
  const settings = await withIssuedCredentials(
    testSettings(url, TOKEN, {
      runs: 2,
      hostileRuns: 0,
      coveragePass: false,
      httpProbes: false,
      stateful: false,
      mapped: [tokenGet],
      exchangeLogDir,
    }),
  );
  const { operations } = await startRun(settings, { operations: [findOperation('bank-card-list')!], flows: [] }).finished;
  return {
    result: operations[0]!,
    written: [JSON.stringify(operations), ...readdirSync(exchangeLogDir).map((file) => readFileSync(join(exchangeLogDir, file), 'utf8'))],
  };
}

describe('the probes that send them', () => {
  it('a server that takes every token it issues, and sets a cookie it does not take in place of the header: nothing reported', async () => {
    const { url } = await sessionServer(true);
    const { result } = await runAgainst(url);
    expect(result.observations.map((observation) => [observation.probe, observation.outcome])).toEqual(
      expect.arrayContaining([
        ['session-cookie', 'refused'],
        ['renewed-token', 'accepted'],
      ]),
    );
    expect(result.deviations).toEqual([]);
  });

  it('reported, and neither the session cookie nor the renewed token written in the results or the exchange log', async () => {
    const { url, seen } = await sessionServer();
    const { result, written } = await runAgainst(url);
    expect(result.deviations.map((deviation) => deviation.check)).toEqual(expect.arrayContaining(['auth-cookie-in-place-of-token', 'auth-renewed-token']));
    expect(result.observations.map((observation) => [observation.probe, observation.outcome])).toEqual(
      expect.arrayContaining([
        ['session-cookie', 'accepted'],
        ['renewed-token', 'refused'],
      ]),
    );
    // The probes went out as written: the cookie with no header, the renewed token in the documented form.
    expect(seen.some((headers) => headers.authorization === undefined && headers.cookie === `SESSION=${SESSION}`)).toBe(true);
    expect(seen.some((headers) => headers.authorization === 'bearerrenewed-1-9d2f7a')).toBe(true);
    expect(written.join('\n')).toContain('SESSION=[REDACTED]');
    for (const secret of [SESSION, 'renewed-1-9d2f7a', SESSION.slice(0, 12), 'renewed-1-9d2f7a'.slice(0, 12)]) {
      expect(written.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});
