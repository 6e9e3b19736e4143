/**
 * The HTTP probes: the first valid call again on a connection of its own with a TRACE and a HEAD
 * after it, in HTTP/1.0, with a precondition of each validator its answer gave, with its field
 * names in title case, with another media type, as a GET with its payload in the query, in chunks,
 * with a Range, pipelined with the same call without the token behind it, with its JSON written
 * in other forms, and as an OPTIONS without the token; judged only by the checks of the HTTP rules they put, left out with
 * --no-http-probes, and those on a connection of their own left out where a proxy holds the
 * connection.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { mappedOperation } from '../../src/catalogue/operation-map.js';
import { findOperation } from '../../src/catalogue/operations.js';
import { bodyLimitOperation, preflightOperations, queryOf, sendHttpProbes } from '../../src/engine/operation/http-probes.js';
import type { OperationSession } from '../../src/engine/operation/session.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import type { Fault } from '../../src/reference/faults/fault.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';
import { exchangeOf } from '../support/exchange.js';
import { readRequests } from '../support/raw-requests.js';

const token = 'http-probes-token';
let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function probed(operationId: string, overrides: Parameters<typeof testSettings>[2] = {}, fault?: string) {
  server = await startReferenceServer({ token, ...(fault ? { fault: findFault(fault)! } : {}) });
  const { client, context } = kitFor(testSettings(server.url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false, ...overrides }));
  try {
    return await runOperation(findOperation(operationId)!, context);
  } finally {
    await client.close();
  }
}

describe('HTTP probes', () => {
  it('against a clean server: three calls on one connection, one in HTTP/1.0, two pipelined, ten more forms, no precondition without a validator, nothing reported', async () => {
    const result = await probed('custom-demand-list');
    // The valid call; then the call again, a TRACE and a HEAD; the call in HTTP/1.0; with Expect: 100-continue; in chunks; pipelined with the call without
    // the token; with its field names in title case, with another media type, as a GET, with a method override (a read), with a Range, with a foreign Origin,
    // with its JSON written in other forms, and as an OPTIONS without the token; the call without the token, then the call, on a connection of their own.
    expect(result.exchanges).toBe(19);
    expect(result.deviations).toEqual([]);
    expect(Object.keys(result.byCheck)).toEqual(
      expect.arrayContaining([
        'persistent-connection',
        'head-content',
        'status-line',
        'transfer-encoding-version',
        'interim-answer-version',
        'equivalent-form',
        'vary-accept-encoding',
        'get-query-answered',
        'method-override',
        'partial-content-status',
        'pipelined-order',
        'cors-reflected-origin',
        'options-served-as-operation',
      ]),
    );
  });

  it('a precondition of the Last-Modified the answer gave, and a 304 to the POST reported', async () => {
    const result = await probed('purchase-order-list', {}, 'not-modified-since-to-post');
    expect(result.exchanges).toBe(20);
    expect(result.deviations.map((deviation) => [deviation.check, deviation.intent])).toEqual([['not-modified-status', 'http-probe']]);
  });

  it('none with --no-http-probes; through a proxy, only those the pool sends', async () => {
    expect((await probed('custom-demand-list', { httpProbes: false })).exchanges).toBe(1);
    await server!.close();
    const proxy = { httpProxy: 'http://127.0.0.1:9', httpsProxy: '', noProxy: '127.0.0.1' };
    // With a proxy configured the probes on a connection of their own are not sent, even where NO_PROXY lets the calls go straight to the server.
    expect((await probed('custom-demand-list', { transport: { proxy } })).exchanges).toBe(9);
  });

  it('no GET where the payload holds an object or an array, nor of an operation that is a GET', async () => {
    // #14: the order's items are an array; and it places an order, so no method override either.
    expect((await probed('alpha-order-create')).exchanges).toBe(17);
  });

  it.each([
    ['authorization-name-lower-case-only', 'equivalent-form'],
    ['chunked-whatever-the-version', 'transfer-encoding-version'],
    ['brotli-without-vary', 'vary-accept-encoding'],
    ['get-binds-query-fields', 'get-query-answered'],
    ['processing-interim-sent-to-http-1-0', 'interim-answer-version'],
    ['expect-continue-refused-with-417', 'equivalent-form'],
    ['chunked-request-body-read-as-empty', 'equivalent-form'],
    ['byte-range-served-for-post', 'partial-content-status'],
    ['pipelined-answers-in-completion-order', 'pipelined-order'],
  ])('a server with %s: %s reported', async (fault, check) => {
    const operationId = findFault(fault)!.operationId;
    const result = await probed(operationId, { authProbes: true }, fault);
    expect(result.deviations.map((deviation) => deviation.check)).toContain(check);
  });
});

/** A server that keeps the head of every request it reads, as it came, and answers each with an empty page; an HTTP/1.0 request, then closes. */
async function recordingServer(): Promise<{ url: string; heads: string[]; bodies: string[]; server: Server }> {
  const heads: string[] = [];
  const bodies: string[] = [];
  const body = JSON.stringify({ data: { list: [], pageNo: 1, totalPage: 0 }, status: 'success', code: '200', message: 'ok', error: {} });
  const server = createServer((socket) =>
    readRequests(socket, (head, sent) => {
      bodies.push(sent);
      heads.push(head);
      const answer = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
      if (head.split('\r\n')[0]!.endsWith('HTTP/1.0') || /^connection: close$/im.test(head)) socket.end(answer);
      else socket.write(answer);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, heads, bodies, server };
}

describe('the HTTP probes on the wire', () => {
  it('the forms as sent: field names in title case, the media type in capitals with a charset, HTTP/1.0, a GET with the payload as its query, a foreign Origin, and an OPTIONS without the token', async () => {
    const { url, heads, bodies, server: recording } = await recordingServer();
    const { client, context } = kitFor(testSettings(url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false }));
    try {
      await runOperation(findOperation('custom-demand-list')!, context);
    } finally {
      await client.close();
      await new Promise((resolve) => recording.close(resolve));
    }
    const lines = heads.map((head) => head.split('\r\n'));
    const [documented] = lines;
    expect(documented![0]).toBe('POST //pc/custom_demand/list HTTP/1.1');
    expect(documented).toContain('content-type: application/json');
    expect(lines.map((head) => head[0]!.replace(/\?.*(?= HTTP)/, '?…'))).toEqual(
      expect.arrayContaining(['POST //pc/custom_demand/list HTTP/1.0', 'TRACE //pc/custom_demand/list HTTP/1.1', 'GET //pc/custom_demand/list?… HTTP/1.1']),
    );
    expect(
      lines.filter(
        (head) => head.some((field) => field.startsWith('Authorization: ')) && head.some((field) => field.startsWith('Content-Type: application/json')),
      ),
    ).toHaveLength(1);
    expect(lines.filter((head) => head.includes('content-type: Application/JSON; charset=utf-8'))).toHaveLength(1);
    // The expectation, its content sent after the wait for a 100 this server never sends.
    const expecting = lines.findIndex((head) => head.includes('expect: 100-continue'));
    expect(lines.filter((head) => head.includes('expect: 100-continue'))).toHaveLength(1);
    expect(lines[expecting]![0]).toBe('POST //pc/custom_demand/list HTTP/1.1');
    expect(bodies[expecting]).toBe(bodies[0]);
    // The content in chunks, without a Content-Length, read back whole.
    const chunked = lines.findIndex((head) => head.includes('transfer-encoding: chunked'));
    expect(lines.filter((head) => head.includes('transfer-encoding: chunked'))).toHaveLength(1);
    expect(lines[chunked]!.some((field) => /^content-length:/i.test(field))).toBe(false);
    expect(bodies[chunked]).toBe(bodies[0]);
    expect(lines.filter((head) => head.includes('range: bytes=0-99'))).toHaveLength(1);
    // The call without the authorization header twice: pipelined behind the documented call, and on a connection of its own before it.
    const withoutToken = lines.filter((head) => head[0]!.startsWith('POST ') && !head.some((field) => /^authorization:/i.test(field)));
    expect(withoutToken).toHaveLength(2);
    // The OPTIONS a preflight would be, with the call's content and without the token.
    const options = lines.findIndex((head) => head[0]!.startsWith('OPTIONS '));
    expect(lines[options]![0]).toBe('OPTIONS //pc/custom_demand/list HTTP/1.1');
    expect(lines[options]!.some((field) => /^authorization:/i.test(field))).toBe(false);
    expect(bodies[options]).toBe(bodies[0]);
    const get = lines.find((head) => head[0]!.startsWith('GET '))!;
    expect(get[0]).toBe(`GET //pc/custom_demand/list?${queryOf(JSON.parse(bodies[0]!))} HTTP/1.1`);
    expect(get.some((field) => /^content-type:/i.test(field))).toBe(false);
    expect(get.some((field) => field.startsWith('authorization: bearer'))).toBe(true);
    // One call with an Origin, of a site no server can know; the documented calls send none.
    const fromElsewhere = lines.filter((head) => head.some((field) => /^origin:/i.test(field)));
    expect(fromElsewhere).toHaveLength(1);
    expect(fromElsewhere[0]).toContain('origin: https://otp-conformance.invalid');
    expect(fromElsewhere[0]![0]).toBe('POST //pc/custom_demand/list HTTP/1.1');
  });

  it('the preflight, of an operation that sends it: an OPTIONS with the foreign Origin and the method and fields the call would send, no token, no content', async () => {
    const { url, heads, bodies, server: recording } = await recordingServer();
    const { client, context } = kitFor(testSettings(url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false }));
    try {
      await runOperation(findOperation('custom-demand-list')!, { ...context, preflightOperations: new Set(['custom-demand-list']) });
    } finally {
      await client.close();
      await new Promise((resolve) => recording.close(resolve));
    }
    const lines = heads.map((head) => head.split('\r\n'));
    const preflight = lines.findIndex((head) => head.includes('access-control-request-method: POST'));
    expect(lines.filter((head) => head.some((field) => /^access-control-request-/i.test(field)))).toHaveLength(1);
    expect(lines[preflight]![0]).toBe('OPTIONS //pc/custom_demand/list HTTP/1.1');
    expect(lines[preflight]).toEqual(
      expect.arrayContaining(['origin: https://otp-conformance.invalid', 'access-control-request-headers: authorization, content-type']),
    );
    expect(lines[preflight]!.some((field) => /^(authorization|content-type):/i.test(field))).toBe(false);
    expect(bodies[preflight]).toBe('');
  });

  it('the preflight: of the first operation of each path style', () => {
    const detail = mappedOperation(findListedOperation('beta-product-detail')!, { path: '/openapi/beta/products/getProductDetail' }, { code: 'A1' });
    expect(preflightOperations([findOperation('custom-demand-list')!, findOperation('custom-demand-create')!, detail, findOperation('login')!])).toEqual(
      new Set(['custom-demand-list', 'beta-product-detail']),
    );
    expect(preflightOperations([])).toEqual(new Set());
  });

  it('no expectation of 100-continue, nor chunks, where the call has no content', async () => {
    const sent = async (body: string | undefined) => {
      const paths: string[] = [];
      const session = {
        operation: findOperation('custom-demand-list')!,
        converse: async (calls: readonly { path: string }[]) => void paths.push(...calls.map((call) => call.path)),
        pipeline: async (calls: readonly { path: string }[]) => void paths.push(...calls.map((call) => call.path)),
        probe: async (call: { path: string }) => {
          paths.push(call.path);
          return { path: call.path };
        },
      } as unknown as OperationSession;
      await sendHttpProbes(session, { payload: undefined, body, validators: {}, refused: false }, () => undefined, { text: (text) => text });
      return paths;
    };
    expect(await sent('{"pageSize":10}')).toEqual(expect.arrayContaining(['http-probe:expect-continue', 'http-probe:chunked']));
    expect(await sent(undefined)).not.toContain('http-probe:expect-continue');
    expect(await sent(undefined)).not.toContain('http-probe:chunked');
  });

  it('JSON in other forms: each form alone only where every form at once was refused and the first call was not; none where the body holds a secret', async () => {
    const notANumber = { data: {}, status: 'fail', code: '400', message: 'cannot unmarshal number 10.0 into int', error: { field: 'pageSize' } };
    const sent = async (formsAnswer: Record<string, unknown> | undefined, { refused = false, secret = '' } = {}) => {
      const paths: string[] = [];
      const session = {
        operation: findOperation('bank-card-list')!,
        converse: async () => undefined,
        pipeline: async () => undefined,
        probe: async (call: { path: string; payload: unknown }) => {
          paths.push(call.path);
          return exchangeOf('bank-card-list', {
            intent: 'http-probe',
            path: call.path,
            ...(call.path === 'http-probe:json-forms' && formsAnswer ? { body: formsAnswer } : {}),
          });
        },
      } as unknown as OperationSession;
      const body = '{"pageSize":10,"pageNo":1}';
      await sendHttpProbes(session, { payload: JSON.parse(body), body, validators: {}, refused }, () => undefined, {
        text: (text) => (secret !== '' ? text.replaceAll(secret, '[secret]') : text),
      });
      return paths.filter((path) => path.startsWith('http-probe:json-'));
    };
    // No string to escape: that form alone changes nothing and is not sent.
    expect(await sent(notANumber)).toEqual(['http-probe:json-forms', 'http-probe:json-whitespace', 'http-probe:json-fractions']);
    expect(await sent(undefined)).toEqual(['http-probe:json-forms']);
    expect(await sent(notANumber, { refused: true })).toEqual(['http-probe:json-forms']);
    expect(await sent(notANumber, { secret: 'pageNo' })).toEqual([]);
  });

  it('no GET where the query would hold a secret of the run, whatever its field is named', async () => {
    const requestLines = async (secrets: string[]) => {
      const { url, heads, bodies, server: recording } = await recordingServer();
      const { client, context } = kitFor(testSettings(url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false, secrets }));
      try {
        await runOperation(findOperation('send-code')!, context);
      } finally {
        await client.close();
        await new Promise((resolve) => recording.close(resolve));
      }
      return { lines: heads.map((head) => head.split('\r\n')[0]!), mobile: (JSON.parse(bodies[0]!) as { mobile: string }).mobile };
    };
    const { lines, mobile } = await requestLines([]);
    expect(lines.some((line) => line.startsWith('GET '))).toBe(true);
    // The same run (one seed, one payload) where the mobile it sends is a secret of the run.
    expect((await requestLines([mobile])).lines.some((line) => line.startsWith('GET '))).toBe(false);
  });

  it('a payload as a query: scalars as written, nulls left out, none of an object or an array', () => {
    expect(queryOf({ pageSize: 10, status: 1, keyword: '丙 酮', flag: true, note: null })).toBe('pageSize=10&status=1&keyword=%E4%B8%99+%E9%85%AE&flag=true');
    expect(queryOf({})).toBe('');
    expect(queryOf({ items: [{ pCode: 'A1' }] })).toBeUndefined();
    // A password, a token or a one-time code is not written into a URL.
    expect(queryOf({ mobile: '13812345678', password: 'Reagent2026' })).toBeUndefined();
    expect(queryOf({ mobile: '13812345678', smsCode: '428613' })).toBeUndefined();
    expect(queryOf({ filter: { status: 1 } })).toBeUndefined();
    expect(queryOf('text')).toBeUndefined();
    expect(queryOf(undefined)).toBeUndefined();
  });
});

describe('the oversized probes: of one operation a run', () => {
  const gzipFault = findFault('gzip-request-inflated-past-body-limit')!;

  async function oversized(fault?: Fault) {
    server = await startReferenceServer({ token, ...(fault ? { fault } : {}) });
    const settings = testSettings(server.url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false });
    const { client, context } = kitFor(settings);
    try {
      return await runOperation(findOperation('custom-demand-list')!, { ...context, bodyLimitOperation: 'custom-demand-list' });
    } finally {
      await client.close();
    }
  }

  it('against a clean server: the padded call refused for its size, the coded one refused as no JSON, nothing reported', async () => {
    const result = await oversized();
    expect(result.exchanges).toBe(21);
    expect(result.deviations).toEqual([]);
    expect(Object.keys(result.byCheck)).toContain('coded-body-past-limit');
  });

  it('a coded body inflated past the limit and answered: coded-body-past-limit', async () => {
    const result = await oversized(gzipFault);
    expect(result.deviations.map((deviation) => deviation.check)).toEqual(['coded-body-past-limit']);
  });

  it('the first operation that reads with a POST and takes the token, other than a sign-in, whose map body names no secret', () => {
    const tokenGet = mappedOperation(findListedOperation('token-get')!, { path: '/auth/get_token' }, { mobile: '13800138000', password: 'secret' });
    const detail = mappedOperation(findListedOperation('beta-product-detail')!, { path: '/openapi/beta/products/getProductDetail' }, { code: 'A1' });
    const create = findOperation('custom-demand-create')!;
    expect(bodyLimitOperation([tokenGet, findOperation('login')!, create, detail, findOperation('custom-demand-list')!])).toBe('beta-product-detail');
    expect(bodyLimitOperation([create, findOperation('login')!])).toBeUndefined();
  });
});
