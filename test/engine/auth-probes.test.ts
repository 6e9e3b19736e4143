import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import type { AuthScheme } from '../../src/client/auth.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { OperationSession } from '../../src/engine/operation/session.js';
import { kitFor, testSettings } from '../support/kit.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server that refuses every call and remembers the authorization headers of the probes, and every call's header fields. */
async function recordingServer(): Promise<{ url: string; headers: (string | undefined)[]; fields: IncomingHttpHeaders[] }> {
  const headers: (string | undefined)[] = [];
  const fields: IncomingHttpHeaders[] = [];
  server = createServer((req, res) => {
    headers.push(req.headers.authorization);
    fields.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, headers, fields };
}

async function probesSent(
  token: string,
  authScheme: AuthScheme = 'bearer-no-space',
): Promise<{ headers: (string | undefined)[]; fields: IncomingHttpHeaders[]; probes: string[] }> {
  const { url, headers, fields } = await recordingServer();
  const { client, context } = kitFor(testSettings(url, token, { runs: 1, hostileRuns: 0, coveragePass: false, httpProbes: false, authScheme }));
  try {
    const result = await runOperation(findOperation('bank-card-list')!, context);
    return { headers: headers.slice(1), fields: fields.slice(1), probes: result.observations.map((observation) => observation.probe) };
  } finally {
    await client.close();
  }
}

describe('auth probes: the header written every way a client could get it wrong', () => {
  it('sends the near misses of the token: one character appended, the last changed, the first half, the case changed', async () => {
    const { headers, probes } = await probesSent('Tok3n-abcX');
    expect(probes).toEqual([
      'no-header',
      'empty-value',
      'wrong-token',
      'bearer-space',
      'bearer-lowercase-space',
      'token-only',
      'token-appended',
      'token-last-changed',
      'token-half',
      'token-case-changed',
      'unsigned-jwt',
      'no-header-single-slash',
      'internal-caller',
    ]);
    expect([...headers].sort()).toEqual(
      [
        undefined,
        undefined,
        undefined,
        '',
        'bearerxxxxxxxxxx',
        'Bearer Tok3n-abcX',
        'bearer Tok3n-abcX',
        'Tok3n-abcX',
        'bearerTok3n-abcXx',
        'bearerTok3n-abcy',
        'bearerTok3n',
        'bearertOK3N-ABCx',
        'bearereyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.',
      ].sort(),
    );
  });

  it('a run that goes on in another scheme writes the wrong and near-miss tokens in it, so that only the token differs', async () => {
    const { headers } = await probesSent('Tok3n-abcX', 'bearer-space');
    expect(headers).toEqual(
      expect.arrayContaining([
        'Bearer xxxxxxxxxx',
        'Bearer Tok3n-abcXx',
        'Bearer Tok3n-abcy',
        'Bearer Tok3n',
        'Bearer tOK3N-ABCx',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.',
      ]),
    );
    expect(headers.filter((header) => header?.startsWith('bearerTok3n'))).toEqual([]);
  });

  const claims = Buffer.from('{"sub":"member-42"}').toString('base64url');
  const forged = `eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.${claims}.`;

  it('sends a token that is a JWT unsigned: its claims kept, under {"alg":"none"}, with no signature', async () => {
    const signed = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${claims}.c2lnbmF0dXJl`;
    expect((await probesSent(signed)).headers).toContain(`bearer${forged}`);
  });

  it('leaves out the unsigned JWT where the token is that JWT already', async () => {
    expect((await probesSent(forged)).probes).not.toContain('unsigned-jwt');
  });

  it('sends the call with no header once more, naming loopback as its address in Forwarded, X-Forwarded-For and X-Real-IP', async () => {
    const { fields } = await probesSent('Tok3n-abcX');
    const naming = fields.filter((each) => each['x-forwarded-for'] !== undefined);
    expect(naming).toHaveLength(1);
    expect(naming[0]).toMatchObject({ forwarded: 'for=127.0.0.1', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' });
    expect(naming[0]!.authorization).toBeUndefined();
    expect(fields.filter((each) => each.forwarded !== undefined || each['x-real-ip'] !== undefined)).toHaveLength(1);
  });

  it('with what the run was handed out: the call with no header and the sign-in’s cookies, and the call with the renewed token in the run’s scheme', async () => {
    const { url, fields } = await recordingServer();
    const { client, context } = kitFor(
      testSettings(url, 'Tok3n-abcX', { runs: 1, hostileRuns: 0, coveragePass: false, httpProbes: false, authScheme: 'bearer-space' }),
    );
    const issued = {
      cookies: [
        { name: 'SESSION', value: 'F3A91C0D5E7B2468' },
        { name: 'route', value: 'node-7f3a9c51' },
      ],
      renewedToken: 'Renewed-77',
    };
    try {
      const result = await runOperation(findOperation('bank-card-list')!, { ...context, issued });
      expect(result.observations.map((observation) => observation.probe)).toEqual(expect.arrayContaining(['session-cookie', 'renewed-token']));
      const withCookie = fields.filter((each) => each.cookie !== undefined);
      expect(withCookie).toHaveLength(1);
      expect(withCookie[0]).toMatchObject({ cookie: 'SESSION=F3A91C0D5E7B2468; route=node-7f3a9c51' });
      expect(withCookie[0]!.authorization).toBeUndefined();
      expect(fields.filter((each) => each.authorization === 'Bearer Renewed-77')).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('leaves out the renewed token where the renewal answered the run’s own, the cookies where the sign-in set none, and both where nothing was asked for', async () => {
    const { url } = await recordingServer();
    const { client, context } = kitFor(testSettings(url, 'Tok3n-abcX', { runs: 1, hostileRuns: 0, coveragePass: false, httpProbes: false }));
    try {
      const same = await runOperation(findOperation('bank-card-list')!, { ...context, issued: { cookies: [], renewedToken: 'Tok3n-abcX' } });
      const none = await runOperation(findOperation('bank-card-list')!, context);
      for (const result of [same, none]) {
        const probes = result.observations.map((observation) => observation.probe);
        expect(probes).not.toContain('renewed-token');
        expect(probes).not.toContain('session-cookie');
      }
    } finally {
      await client.close();
    }
  });

  it('leaves out the case change where it changes nothing (a token of digits)', async () => {
    const { probes } = await probesSent('20261122');
    expect(probes).toContain('token-half');
    expect(probes).not.toContain('token-case-changed');
  });

  it('every probe is recorded as an observation, refused here (the spec does not say what to answer: 5)', async () => {
    const { url } = await recordingServer();
    const { client, context } = kitFor(testSettings(url, 'abcdef', { runs: 1, hostileRuns: 0, coveragePass: false }));
    try {
      const result = await runOperation(findOperation('bank-card-list')!, context);
      expect(result.observations.every((observation) => observation.outcome === 'refused')).toBe(true);
      expect(result.deviations.filter((deviation) => deviation.check.startsWith('auth-'))).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('the probes wait for the first valid call by its own promise', () => {
  it('however the lanes schedule their calls: lanes that start late still see every probe sent', async () => {
    const { url } = await recordingServer();
    const lanes = vi.spyOn(OperationSession.prototype, 'inLanes').mockImplementation(async function <T, R>(
      this: OperationSession,
      items: readonly T[],
      work: (item: T, index: number) => Promise<R>,
    ): Promise<R[]> {
      // An await before the first call: nothing in the lanes has started when the caller goes on.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const results: R[] = [];
      for (const [index, item] of items.entries()) results.push(await work(item, index));
      return results;
    });
    const { client, context } = kitFor(testSettings(url, 'abcdef', { runs: 3, hostileRuns: 0, coveragePass: false }));
    try {
      const result = await runOperation(findOperation('bank-card-list')!, context);
      expect(lanes).toHaveBeenCalled();
      expect(result.observations.map((observation) => observation.probe)).toContain('wrong-token');
      expect(result.observations).toHaveLength(13);
    } finally {
      lanes.mockRestore();
      await client.close();
    }
  });
});
