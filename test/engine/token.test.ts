import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { mappedOperation } from '../../src/catalogue/operation-map.js';
import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { clientForRun } from '../../src/engine/schedule/context.js';
import { atPointer } from '../../src/json-pointer.js';
import { testSettings } from '../support/kit.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** A server that issues a new token on each call of its token operation and accepts only the newest. */
async function rotatingServer(): Promise<{ url: string; issued: string[] }> {
  const issued: string[] = [];
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/auth/token') {
      issued.push(`tok-${issued.length + 2}`);
      return res.end(JSON.stringify({ data: { token: issued.at(-1) } }));
    }
    const ok = req.headers.authorization === `bearer${issued.at(-1)}`;
    res.end(JSON.stringify({ data: {}, status: ok ? 'ok' : 'fail', code: ok ? '200' : '401', message: '', error: ok ? {} : { reason: 'unauthorized' } }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, issued };
}

describe('the token operation', () => {
  it('is called once more when a call is refused as unauthorized, and the new token joins the secrets', async () => {
    const { url, issued } = await rotatingServer();
    const tokenGet = mappedOperation(findListedOperation('token-get')!, { path: '/token-placeholder' }, { mobile: 'm', password: 'p' });
    const settings = testSettings(url, 'tok-1', {
      tokenSource: { operation: { ...tokenGet, path: '/auth/token', pathStyle: 'single-slash' }, pointer: '/data/token' },
    });
    const { client, redactor } = clientForRun(settings);
    const first = await client.send({ method: 'POST', wirePath: '//pc/x', body: '{}' });
    expect(first.response?.json.ok && (first.response.json.value as { code: string }).code).toBe('200');
    expect(redactor.text('tok-2')).toBe('[REDACTED]');
    issued.push('tok-rotated-again');
    const second = await client.send({ method: 'POST', wirePath: '//pc/x', body: '{}' });
    expect((second.response?.json.ok && (second.response.json.value as { code: string }).code) || '').toBe('401');
    expect(issued).toEqual(['tok-2', 'tok-rotated-again']);
    await client.close();
  });

  it('reads the token at a JSON pointer', () => {
    expect(atPointer({ data: { 'a/b': { token: 't' } } }, '/data/a~1b/token')).toBe('t');
    expect(atPointer({ data: null }, '/data/token')).toBeUndefined();
  });
});
