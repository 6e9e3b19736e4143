import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import { createClient } from '../../src/client/client.js';
import type { Exchange } from '../../src/checks/types.js';
import { preflightOperation, tokenRefusal } from '../../src/engine/preflight.js';
import { whyUnverified } from '../../src/engine/verification.js';
import { testSettings } from '../support/kit.js';

let server: Server | undefined;
async function stopServer(): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
}
afterEach(stopServer);

/** A server whose every answer is what `answer` gives for the request's headers. */
async function serverAnswering(answer: (headers: IncomingHttpHeaders) => { status?: number; body: unknown }): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    const { status = 200, body } = answer(req.headers);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const list = findOperation('custom-demand-list')!;
async function refusal(url: string): Promise<string | undefined> {
  const client = createClient(testSettings(url, 'the-token'));
  try {
    return await tokenRefusal(client, list, 7);
  } finally {
    await client.close();
  }
}

const page = { data: { totalPage: 1, pageNo: 1, list: [] }, status: 'ok', code: '200', message: '', error: {} };
const failure = (code: string, reason: string) => ({ data: {}, status: 'fail', code, message: reason, error: { reason } });

describe('the token pre-flight', () => {
  it('calls a selected read-only operation that takes the token, a documented list first', () => {
    expect(preflightOperation(operations)?.id).toBe('custom-demand-list');
    expect(preflightOperation([findOperation('login')!, findOperation('custom-demand-create')!, findOperation('consignee-by-id')!])?.id).toBe(
      'consignee-by-id',
    );
    expect(preflightOperation([findOperation('login')!, findOperation('custom-demand-create')!])).toBeUndefined();
  });

  it('refused: HTTP 401 or 403, or an envelope code "401" or "403", with what came back', async () => {
    expect(await refusal(await serverAnswering(() => ({ status: 401, body: { message: 'expired' } })))).toContain('HTTP 401');
    await stopServer();
    expect(await refusal(await serverAnswering(() => ({ status: 403, body: {} })))).toContain('HTTP 403');
    await stopServer();
    expect(await refusal(await serverAnswering(() => ({ body: failure('403', 'forbidden') })))).toContain('code "403", message "forbidden"');
  });

  it('refused: an error result the same as with no authorization header at all', async () => {
    const url = await serverAnswering(() => ({ body: failure('E_AUTH', 'who are you') }));
    expect(await refusal(url)).toContain('the same error result as with no authorization header');
  });

  it('not refused: a result, an error result unlike the anonymous one, or no answer at all', async () => {
    expect(await refusal(await serverAnswering(() => ({ body: page })))).toBeUndefined();
    await stopServer();
    const url = await serverAnswering((headers) => ({
      body: headers.authorization ? failure('E_PAGE', 'pageSize too large') : failure('E_AUTH', 'login first'),
    }));
    expect(await refusal(url)).toBeUndefined();
    const client = createClient(testSettings('http://127.0.0.1:1', 'the-token'));
    expect(await tokenRefusal(client, list, 7)).toBeUndefined();
    await client.close();
  });
});

describe('whyUnverified', () => {
  const exchange = (intent: Exchange['intent'], outcome: { status: number; body: unknown } | { failure: 'timeout' | 'aborted' }): Exchange =>
    ({
      operation: list,
      intent,
      payload: {},
      path: `${intent}:0`,
      request: { method: 'POST', url: 'http://x//pc/custom_demand/list', headers: {}, body: '{}' },
      durationMs: 1,
      ...('failure' in outcome
        ? { failure: { kind: outcome.failure, message: outcome.failure } }
        : {
            response: { status: outcome.status, headers: {}, bodyText: JSON.stringify(outcome.body), json: { ok: true, value: outcome.body } },
          }),
    }) as Exchange;

  it('no conforming call answered, or every answer refused the token: unverified, with why', () => {
    expect(whyUnverified([exchange('conforming', { failure: 'timeout' }), exchange('conforming', { failure: 'aborted' })])).toBe(
      'none of 1 call got an answer (timeout)',
    );
    expect(whyUnverified([exchange('conforming', { status: 429, body: {} }), exchange('hostile', { status: 200, body: page })])).toContain(
      'none of 1 call got an answer (HTTP 429)',
    );
    expect(whyUnverified([exchange('conforming', { status: 200, body: failure('401', 'expired') })])).toContain('every answer refused the token');
  });

  it('answers cut short after their status line (a deadline mid-body, the body cap): unverified, not judged whole', () => {
    const cut = (kind: 'timeout' | 'body-too-large') =>
      ({ ...exchange('conforming', { status: 200, body: page }), failure: { kind, message: kind } }) as Exchange;
    expect(whyUnverified([cut('timeout'), cut('body-too-large')])).toBe(
      'none of 2 calls got an answer (HTTP 200, then timeout, HTTP 200, then body-too-large)',
    );
    expect(whyUnverified([cut('timeout'), exchange('conforming', { status: 200, body: page })])).toBeUndefined();
  });

  it('one answer the checks could judge, an error result included: verified', () => {
    expect(whyUnverified([exchange('conforming', { failure: 'timeout' }), exchange('conforming', { status: 200, body: page })])).toBeUndefined();
    expect(whyUnverified([exchange('conforming', { status: 200, body: failure('404', 'no such demand') })])).toBeUndefined();
  });
});
