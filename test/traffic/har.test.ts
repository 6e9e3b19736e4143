import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { RESPONSE_EXCERPT_CHARS } from '../../src/engine/judging/evidence.js';
import type { LoggedBody } from '../../src/engine/schedule/exchange-log.js';
import { KitError } from '../../src/errors.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { dataFault } from '../../src/reference/faults/fault.js';
import type { Json } from '../../src/reference/json.js';
import { harEntry } from '../../src/report/har.js';
import type { Report } from '../../src/report/report.js';
import { mergedInTime, readHar } from '../../src/traffic/har-file.js';
import type { ObservedExchange } from '../../src/traffic/observed.js';
import { causesOf, sessionThroughProxy, trafficJudge } from '../support/through-proxy.js';

const addFormats = addFormatsModule.default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validateHar = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/har.schema.json', import.meta.url), 'utf8')) as object);

const scratch = mkdtempSync(join(tmpdir(), 'otp-traffic-har-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const browserHar = fileURLToPath(new URL('../fixtures/traffic/browser-session.har', import.meta.url));
const MAX_BODY = 5 * 1024 * 1024;

/** What the judge finds in these exchanges, as `check at operation` causes; and what it saw. */
function judged(exchanges: readonly ObservedExchange[]) {
  const judge = trafficJudge();
  for (const exchange of exchanges) judge.add(exchange);
  const results = judge.results();
  return { causes: causesOf(results.flatMap((result) => result.deviations)), results, seen: judge.seen() };
}

/** An exchange of traffic as the kit's --har writes it: bodies cut to their first 2,048 characters, with a comment saying so. */
function asKitHarEntry(exchange: ObservedExchange): Record<string, unknown> {
  const body = (text: string): LoggedBody => ({
    text: text.slice(0, RESPONSE_EXCERPT_CHARS),
    truncated: text.length > RESPONSE_EXCERPT_CHARS,
    length: text.length,
  });
  const { request, response, failure } = exchange;
  return harEntry({
    startedAt: new Date(exchange.startedAt).toISOString(),
    durationMs: exchange.durationMs,
    request: { method: request.method, url: request.url, headers: request.headers, ...(request.body === undefined ? {} : { body: body(request.body) }) },
    ...(response ? { response: { status: response.status, headers: response.headers, body: body(response.bodyText) } } : {}),
    ...(failure ? { failure } : {}),
  });
}

const harOf = (entries: readonly unknown[], creator = { name: 'otp-conformance', version: '0.1.0' }) =>
  JSON.stringify({ log: { version: '1.2', creator, entries } });

function writeFile(name: string, text: string | Buffer): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

describe('a HAR as a browser saves it (Chrome: "Save all as HAR with content")', () => {
  const document = JSON.parse(readFileSync(browserHar, 'utf8')) as { log: { creator: unknown; entries: unknown[] } };

  it('is HAR 1.2, with the fields of its own a browser adds', () => {
    expect(validateHar(document), JSON.stringify(validateHar.errors?.slice(0, 3))).toBe(true);
    expect(JSON.stringify(document.log.entries[0])).toContain('"_resourceType"');
  });

  it('is judged with the deviations of the live session it recorded; its page, scripts and CORS preflights are listed, not judged', async () => {
    const live = await sessionThroughProxy(findFault('demand-field-missing')!);
    const recorded = judged(readHar(browserHar, 'browser-session.har', MAX_BODY).exchanges);
    expect(recorded.causes).toEqual(causesOf(live.judge.results().flatMap((result) => result.deviations)));
    expect(recorded.causes).toEqual(['data-schema at custom-demand-list']);
    expect(recorded.seen.unknown.map((path) => `${path.method} ${path.path}`)).toEqual(
      expect.arrayContaining(['GET /', 'GET /assets/app.js', 'GET /favicon.ico', 'OPTIONS //auth/get_token']),
    );
    // The request the browser gave up on (net::ERR_ABORTED) is not a failure of the server.
    expect(recorded.results.flatMap((result) => result.deviations).filter((d) => d.check === 'response-received')).toEqual([]);
  });

  it('split in two files, is merged back in the order its exchanges began: the same deviations', () => {
    const halves = [0, 1].map((half) =>
      writeFile(
        `half-${half}.har`,
        harOf(
          document.log.entries.filter((_, index) => index % 2 === half),
          { name: 'WebInspector', version: '537.36' },
        ),
      ),
    );
    const merged = mergedInTime(halves.map((file) => readHar(file, file, MAX_BODY)));
    const whole = readHar(browserHar, 'browser-session.har', MAX_BODY).exchanges;
    expect(merged.map((exchange) => exchange.request.url)).toEqual(whole.map((exchange) => exchange.request.url));
    expect(judged(merged).causes).toEqual(judged(whole).causes);
  });
});

describe("a HAR the kit's own --har wrote", () => {
  it('is judged with the deviations of the run that wrote it, bodies cut to 2,048 characters and all', async () => {
    const token = 'har-run-token-3c7a9d';
    const server = await startReferenceServer({ token, fault: findFault('demand-field-missing')! });
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_')));
    try {
      const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
      const args = ['--base-url', server.url, '--token', token, '--only', 'custom-demand-list,custom-demand-delete,bank-card-list'];
      const options = ['--runs', '4', '--hostile-runs', '6', '--seed', '5', '--report-dir', join(scratch, 'run'), '--har', join(scratch, 'run.har'), '--quiet'];
      await promisify(execFile)(process.execPath, [cli, ...args, ...options], { env, timeout: 60_000 }).catch((error: { code?: number }) => {
        if (error.code !== 1) throw error;
      });
      const run = JSON.parse(readFileSync(join(scratch, 'run', 'report.json'), 'utf8')) as Report;
      const recorded = judged(readHar(join(scratch, 'run.har'), 'run.har', MAX_BODY).exchanges);
      expect(recorded.causes).toEqual(causesOf(run.deviations));
      expect(recorded.seen.cut).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('cut short, a body is known in part, not broken JSON: the deviations of the live session still', async () => {
    const live = await sessionThroughProxy(findFault('envelope-code-missing')!);
    const file = writeFile('cut.har', harOf(live.exchanges.map(asKitHarEntry)));
    expect(readFileSync(file, 'utf8')).toMatch(/"comment":"body cut to its first 2048 of \d+ characters"/);
    const recorded = judged(readHar(file, 'cut.har', MAX_BODY).exchanges);
    expect(recorded.seen.cut).toBeGreaterThan(0);
    expect(recorded.causes).toEqual(causesOf(live.judge.results().flatMap((result) => result.deviations)));
    expect(recorded.causes).toEqual(['envelope at custom-demand-delete']);
  });
});

describe("a run's own HAR with --har-bodies whole", () => {
  /** A purchase order late in a long page has its status as a string: past the first 2,048 characters of the answer. */
  const lateRecordStatusString = dataFault({
    name: 'late-record-status-string',
    description: 'sends status as a string in the last record of a page of ten or more',
    operationId: 'purchase-order-list',
    rewrite: (data) => {
      const list = data.list as Json[];
      return { ...data, list: list.map((record, index) => (index >= 9 && index === list.length - 1 ? { ...record, status: String(record.status) } : record)) };
    },
  });

  it('check finds the deviations the run found, one past the first 2,048 characters of a body included, and holds no secret', async () => {
    const token = 'har-whole-token-51e0c2';
    const server = await startReferenceServer({ token, fault: lateRecordStatusString });
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_')));
    const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
    const kit = (args: readonly string[]) =>
      promisify(execFile)(process.execPath, [cli, ...args], { env, timeout: 60_000 }).catch((error: { code?: number }) => {
        if (error.code !== 1) throw error;
      });
    try {
      const har = join(scratch, 'whole.har');
      const runArgs = ['--base-url', server.url, '--token', token, '--only', 'purchase-order-list,custom-demand-list', '--runs', '4', '--hostile-runs', '4'];
      await kit([...runArgs, '--seed', '5', '--report-dir', join(scratch, 'whole-run'), '--har', har, '--har-bodies', 'whole', '--quiet']);
      await kit(['check', har, '--report-dir', join(scratch, 'whole-check'), '--quiet']);
      const run = JSON.parse(readFileSync(join(scratch, 'whole-run', 'report.json'), 'utf8')) as Report;
      const checked = JSON.parse(readFileSync(join(scratch, 'whole-check', 'report.json'), 'utf8')) as Report;
      const late = run.deviations.find((d) => d.check === 'data-schema' && d.operationId === 'purchase-order-list');
      expect(late?.response?.bodyTruncated).toBe(true);
      expect(causesOf(checked.deviations)).toEqual(causesOf(run.deviations));
      expect(checked.status).toBe(run.status);
      expect(checked.source?.cut ?? 0).toBe(0);
      const harText = readFileSync(har, 'utf8');
      expect(harText).not.toContain('body cut to');
      expect(harText).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});

describe('reading HAR', () => {
  const entry = (response: Record<string, unknown>) => ({
    startedDateTime: '2026-11-20T09:00:00.000Z',
    time: 3,
    request: {
      method: 'POST',
      url: 'https://h//pc/customer/bankCardList',
      headers: [
        { name: ':authority', value: 'h' },
        { name: 'authorization', value: 'bearerabc12345' },
      ],
      postData: { mimeType: 'application/json', text: '{"pageSize":1,"status":null}' },
    },
    response: { status: 200, headers: [{ name: 'content-type', value: 'application/json' }], ...response },
  });
  const body = '{"data":{"totalPage":1,"pageNo":1,"list":[]},"status":"ok","code":"200","message":"","error":{}}';

  it('reads a body as text, or base64; wire bytes left in their content-encoding are decoded; HTTP/2 pseudo-headers are no headers', () => {
    const file = writeFile(
      'bodies.har',
      harOf([
        entry({ content: { size: body.length, mimeType: 'application/json', text: body } }),
        entry({ content: { size: body.length, mimeType: 'application/json', text: Buffer.from(body).toString('base64'), encoding: 'base64' } }),
        entry({
          headers: [{ name: 'content-encoding', value: 'gzip' }],
          content: { size: body.length, mimeType: 'application/json', text: gzipSync(body).toString('base64'), encoding: 'base64' },
        }),
      ]),
    );
    const { exchanges } = readHar(file, 'bodies.har', MAX_BODY);
    expect(exchanges.map((exchange) => exchange.response!.bodyText)).toEqual([body, body, body]);
    expect(Object.keys(exchanges[0]!.request.headers)).toEqual(['authorization']);
  });

  it('a HAR saved gzipped reads as the same HAR', () => {
    const text = harOf([entry({ content: { size: body.length, mimeType: 'application/json', text: body } })]);
    expect(readHar(writeFile('zipped.har.gz', gzipSync(text)), 'zipped.har.gz', MAX_BODY).exchanges).toEqual(
      readHar(writeFile('plain.har', text), 'plain.har', MAX_BODY).exchanges,
    );
  });

  it('refuses what is not HAR with OTP_BAD_HAR, naming the place', () => {
    const refusal = (name: string, text: string) => {
      try {
        readHar(writeFile(name, text), name, MAX_BODY);
      } catch (error) {
        return error instanceof KitError ? `${error.code}: ${error.message}` : String(error);
      }
      return 'read';
    };
    expect(refusal('not-json.har', '<html>')).toMatch(/^OTP_BAD_HAR: not-json\.har: is not JSON/);
    expect(refusal('no-log.har', '{"entries":[]}')).toMatch(/^OTP_BAD_HAR: no-log\.har: \/log is missing/);
    expect(refusal('no-url.har', harOf([{ ...entry({}), request: { method: 'POST' } }]))).toMatch(/\/log\/entries\/0\/request\/url is missing/);
    expect(refusal('bad-date.har', harOf([{ ...entry({}), startedDateTime: 'yesterday' }]))).toMatch(/\/log\/entries\/0\/startedDateTime is not a date/);
    expect(refusal('missing.har', '')).toMatch(/is not JSON/);
    expect(() => readHar(join(scratch, 'nowhere.har'), 'nowhere.har', MAX_BODY)).toThrow(/nowhere\.har: cannot be read \(ENOENT\)/);
  });
});
