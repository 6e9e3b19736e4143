import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { SAMPLES_PER_CAUSE, unsampled } from '../../src/engine/judging/deviation.js';
import { outline } from '../../src/checks/kept-exchange.js';
import { Judge } from '../../src/engine/judging/judge.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { sharedValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { kitFor, testSettings } from '../support/kit.js';
import { BODY_CAP_BYTES, fixtureServer, wrongPageBody } from '../support/wrong-pages.js';

const emptyPage = JSON.stringify({ data: { totalPage: 0, pageNo: 1, list: [] }, status: 'ok', code: '200', message: '', error: {} });
const bankCardList = findOperation('bank-card-list')!;

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function check(answer: Parameters<typeof fixtureServer>[0], overrides: Parameters<typeof testSettings>[2]) {
  const server = await fixtureServer(answer);
  stop = server.close;
  const { client, context } = kitFor(
    testSettings(server.url, 't', { hostileRuns: 0, authProbes: false, httpProbes: false, coveragePass: false, ...overrides }),
  );
  const result = await runOperation(bankCardList, context);
  await client.close();
  return { result, requests: server.requests() };
}

describe('findings are aggregated by cause as they are found', () => {
  it('pages of 60,000 records wrong the same three ways: three deviations of data-schema, each counting every record, with a few samples', async () => {
    const page = wrongPageBody();
    const { result, requests } = await check(() => ({ body: page }), { runs: 4, maxBodyBytes: BODY_CAP_BYTES, timeoutMs: 30_000 });
    const schema = result.deviations.filter((d) => d.check === 'data-schema');
    const byPath = Object.fromEntries(schema.map((d) => [d.instancePath, d]));
    expect(Object.keys(byPath).sort()).toEqual(['/data/list/0/accountName', '/data/list/0/bankAccount', '/data/list/0/id']);
    // The same page answers every pageSize asked: one cause more, counted once a page.
    expect(result.deviations.filter((d) => d.check !== 'data-schema').map((d) => [d.check, d.occurrences])).toEqual([['page-size-asked', 4]]);
    for (const deviation of schema) {
      expect(deviation.occurrences).toBe(4 * 60_000);
      expect(deviation.samples).toHaveLength(SAMPLES_PER_CAUSE - 1);
      expect(unsampled(deviation)).toBe(4 * 60_000 - SAMPLES_PER_CAUSE);
      expect(deviation.response?.bodyTruncated).toBe(true);
      expect(deviation.response!.body.length).toBeLessThanOrEqual(2048);
      expect(deviation.recurrence).toBe('consistent');
    }
    // Four calls, and one re-send of the call all three causes were first shown by.
    expect(requests).toBe(5);
    expect(result.exchanges).toBe(5);
  });

  it('a server that fails every time: the re-sent call fails again, consistent', async () => {
    const { result } = await check(() => ({ status: 500, body: emptyPage }), { runs: 1 });
    expect(result.deviations.map((d) => [d.check, d.recurrence])).toEqual([['http-status', 'consistent']]);
  });

  it('a server that fails every other time: the re-sent call passes, intermittent, and it still counts', async () => {
    const { result, requests } = await check((n) => (n % 2 === 1 ? { status: 500, body: emptyPage } : { body: emptyPage }), { runs: 1 });
    expect(result.deviations.map((d) => [d.check, d.severity, d.recurrence])).toEqual([['http-status', 'error', 'intermittent']]);
    expect(requests).toBe(2);
  });

  it('a call is re-sent once however many causes it shows, and auth probes are never re-sent', async () => {
    const { result, requests } = await check(() => ({ status: 500, body: '<html>oops</html>' }), { runs: 1, authProbes: true });
    expect(result.deviations.filter((d) => d.intent === 'conforming').length).toBeGreaterThan(1);
    expect(result.deviations.filter((d) => d.intent === 'auth-probe').every((d) => d.recurrence === undefined)).toBe(true);
    // One call, nine probes (the single-slash one too: the operation is under /pc; the internal caller), one re-send.
    expect(requests).toBe(11);
  });
});

describe('what the Judge keeps of a call', () => {
  it('a big answer as evidence: the beginning of its text, its status and headers, no parse', () => {
    const page = wrongPageBody(20_000, 2_000_000).toString();
    const kept = outline(exchangeOf('bank-card-list', { body: page }));
    expect(kept.response).toEqual({ status: 200, headers: { 'content-type': 'application/json', date: HTTP_DATE }, bodyText: page.slice(0, 8 * 1024) });
  });

  it('a short answer is kept whole', () => {
    const exchange = exchangeOf('bank-card-list');
    expect(outline(exchange)).toBe(exchange);
  });

  it('of every call, the Judge keeps its record: what its envelope said, none of its text, headers or payload', () => {
    const body = JSON.stringify({
      data: { totalPage: 1, pageNo: 1, list: [{ id: 'a1', accountName: 'Ada', bankAccount: '6222' }] },
      status: 'ok',
      code: '200',
      message: '',
      error: {},
    });
    const judging = new Judge([], { validator: sharedValidator() });
    judging.add(exchangeOf('bank-card-list', { body }), 7);
    const [call] = judging.finish().calls;
    expect(call).toEqual({
      operation: findOperation('bank-card-list'),
      intent: 'conforming',
      path: 'conforming:0',
      rank: 7,
      wirePath: '//pc/customer/bankCardList',
      asked: expect.any(Object),
      status: 200,
      failure: undefined,
      durationMs: 1,
      envelope: {
        code: '200',
        errorResult: false,
        hasData: true,
        records: 1,
        keys: [],
        fieldValues: {},
        texts: { ids: ['id:a1'], replaced: [] },
        page: { pageNo: 1, totalPage: 1, listIsArray: true },
      },
    });
  });
});
