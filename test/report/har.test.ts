import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_LOG_SUFFIX, type LoggedExchange } from '../../src/engine/schedule/exchange-log.js';
import { RESPONSE_EXCERPT_CHARS } from '../../src/engine/judging/evidence.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { harEntry, writeHar } from '../../src/report/har.js';
import type { Report } from '../../src/report/report.js';

const addFormats = addFormatsModule.default;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const validateHar = ajv.compile(JSON.parse(readFileSync(new URL('../../schemas/har.schema.json', import.meta.url), 'utf8')) as object);

const env = userEnv;
const dir = mkdtempSync(join(tmpdir(), 'otp-har-'));
const token = 'har-test-token-9d41be07';

interface Har {
  log: {
    version: string;
    entries: Array<{
      request: { url: string; headers: { name: string; value: string }[]; postData?: { text: string; comment?: string } };
      response: { status: number };
    }>;
  };
}

const kit = (args: string[]) => runCli(args, { cwd: dir, env });

let server: ReferenceServer;
let harText: string;
let har: Har;
let report: Report;

beforeAll(async () => {
  server = await startReferenceServer({ token, fault: findFault('crash-on-non-ascii')! });
  const harFile = join(dir, 'run.har');
  const reportDir = join(dir, 'reports');
  const result = await kit([
    '--base-url',
    server.url,
    '--token',
    token,
    '--only',
    'purchase-order-list,custom-demand',
    '--runs',
    '3',
    '--hostile-runs',
    '5',
    '--seed',
    '3',
    '--report-dir',
    reportDir,
    '--har',
    harFile,
  ]);
  if (result.code !== 1 || !result.stdout.includes(`HAR: ${harFile}`)) {
    throw new Error(`the run with --har should find the fault (exit 1) and name the HAR, got exit ${result.code}: ${result.stderr}`);
  }
  harText = readFileSync(harFile, 'utf8');
  har = JSON.parse(harText) as Har;
  report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as Report;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('--har FILE', () => {
  it('writes every exchange of the run as HAR 1.2, valid against schemas/har.schema.json', () => {
    expect(validateHar(har), JSON.stringify(validateHar.errors?.slice(0, 3))).toBe(true);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.length).toBe(report.summary.requests);
    expect(har.log.entries.some((entry) => entry.response.status === 500)).toBe(true);
    // Every call at the documented path, but the auth probe at the path with one slash.
    const otherForm = har.log.entries.filter((entry) => !entry.request.url.startsWith(`${server.url}//pc/`));
    expect(otherForm.length).toBeGreaterThan(0);
    for (const entry of otherForm) {
      expect(entry.request.url).toMatch(new RegExp(`^${server.url}/pc/[^/]`));
      expect(entry.request.headers.map((header) => header.name.toLowerCase())).not.toContain('authorization');
    }
  });

  it('holds no secret: the token is redacted in headers, bodies and URLs', () => {
    expect(harText).not.toContain(token);
    expect(harText).toContain('bearer[REDACTED]');
  });

  it('cuts long bodies like the report excerpts, and says so', () => {
    const cut = har.log.entries.filter((entry) => entry.request.postData?.comment);
    expect(cut.length).toBeGreaterThan(0);
    for (const entry of cut) {
      expect(entry.request.postData!.text.length).toBeLessThanOrEqual(RESPONSE_EXCERPT_CHARS + '[REDACTED]'.length);
      expect(entry.request.postData!.comment).toMatch(/^body cut to its first \d+ of \d+ characters$/);
    }
  });

  it('a folder that does not exist: exit 2 before anything is sent', async () => {
    const { code, stderr } = await kit(['--har', join(dir, 'absent', 'run.har'), '--only', 'purchase-order-list']);
    expect(code).toBe(2);
    expect(stderr).toContain('--har');
  });
});

describe('the HAR entries', () => {
  const base: LoggedExchange = {
    startedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 12.5,
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1//pc/x?a=1&b=two',
      headers: { 'content-type': 'application/json' },
      body: { text: '{}', truncated: false, length: 2 },
    },
  };

  it('a call that got no answer: status 0, with why', () => {
    const entry = harEntry({ ...base, failure: { kind: 'timeout', message: 'no answer within 10000 ms' } });
    expect(validateHar({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [entry] } })).toBe(true);
    expect(entry).toMatchObject({ response: { status: 0, comment: 'no complete answer: timeout: no answer within 10000 ms' } });
    expect(entry).toMatchObject({
      request: {
        queryString: [
          { name: 'a', value: '1' },
          { name: 'b', value: 'two' },
        ],
      },
    });
  });

  it('each Set-Cookie line an entry of its own, as it came; other fields as kept', () => {
    const response = {
      status: 200,
      headers: { 'set-cookie': 'a=1; Path=/\nb=2; Path=/', vary: 'accept, origin' },
      body: { text: '{}', truncated: false, length: 2 },
    };
    const entry = harEntry({ ...base, response }) as { response: { headers: unknown } };
    expect(entry.response.headers).toEqual([
      { name: 'set-cookie', value: 'a=1; Path=/' },
      { name: 'set-cookie', value: 'b=2; Path=/' },
      { name: 'vary', value: 'accept, origin' },
    ]);
  });

  it('a request sent in HTTP/1.0 says so; every other, HTTP/1.1', () => {
    expect(harEntry({ ...base, request: { ...base.request, httpVersion: '1.0' } })).toMatchObject({ request: { httpVersion: 'HTTP/1.0' } });
    expect(harEntry(base)).toMatchObject({ request: { httpVersion: 'HTTP/1.1' }, response: { httpVersion: 'HTTP/1.1' } });
  });

  it('the schema rejects an entry without timings (it can fail)', () => {
    const { timings: _timings, ...entry } = harEntry(base);
    expect(validateHar({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [entry] } })).toBe(false);
  });

  it('lists the exchanges in the order of the plan, not the order the answers came', async () => {
    const logs = join(dir, 'plan-order');
    mkdirSync(logs);
    const at = (of: string, call: string, startedAt: string): LoggedExchange => ({
      ...base,
      startedAt,
      request: { ...base.request, url: `http://127.0.0.1/${of}/${call}` },
      place: { of, call },
    });
    const worker1 = [at('custom-demand-list', 'hostile:10', '2026-01-01T00:00:01.000Z'), at('custom-demand-list', 'coverage:2', '2026-01-01T00:00:03.000Z')];
    const worker2 = [
      at('custom-demand-list', 'hostile:9', '2026-01-01T00:00:02.000Z'),
      at('flow-demand-lifecycle', 'step:1', '2026-01-01T00:00:00.000Z'),
      at('custom-demand-list', 'page:40:1', '2026-01-01T00:00:04.000Z'),
    ];
    writeFileSync(join(logs, `1-1${EXCHANGE_LOG_SUFFIX}`), worker1.map((line) => `${JSON.stringify(line)}\n`).join(''));
    writeFileSync(join(logs, `1-2${EXCHANGE_LOG_SUFFIX}`), worker2.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const file = join(dir, 'plan-order.har');
    await writeHar(logs, file, new Redactor());
    const urls = (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries.map((entry) => entry.request.url.replace('http://127.0.0.1/', ''));
    expect(urls).toEqual([
      'custom-demand-list/coverage:2',
      'custom-demand-list/page:40:1',
      'custom-demand-list/hostile:9',
      'custom-demand-list/hostile:10',
      'flow-demand-lifecycle/step:1',
    ]);
  });

  it('the same seed writes the same entries in the same order, against servers in the same state', async () => {
    const calls = async (name: string) => {
      const fresh = await startReferenceServer({ token, fault: findFault('crash-on-non-ascii')! });
      try {
        const file = join(dir, `${name}.har`);
        const args = ['--base-url', fresh.url, '--token', token, '--only', 'purchase-order-list,custom-demand', '--runs', '3', '--hostile-runs', '5'];
        await kit([...args, '--seed', '3', '--report-dir', join(dir, name), '--har', file]);
        const entries = (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries;
        // The server's own address differs between the two: the path and body are what the plan decides.
        return entries.map((entry) => `${entry.request.url.replace(fresh.url, '')} ${entry.request.postData?.text ?? ''}`);
      } finally {
        await fresh.close();
      }
    };
    const first = await calls('first');
    expect(first.length).toBeGreaterThan(100);
    expect(await calls('second')).toEqual(first);
  });

  it('the workers’ logs are joined line by line, a half-written line skipped, each entry redacted again', async () => {
    const logs = join(dir, 'logs');
    mkdirSync(logs);
    const secretExchange: LoggedExchange = { ...base, request: { ...base.request, headers: { authorization: 'bearer late-secret-123456' } } };
    writeFileSync(join(logs, `1-1${EXCHANGE_LOG_SUFFIX}`), `${JSON.stringify(base)}\n${JSON.stringify(secretExchange)}\n`);
    writeFileSync(join(logs, `1-2${EXCHANGE_LOG_SUFFIX}`), `${JSON.stringify(base)}\n{"startedAt":"2026-`);
    const file = join(dir, 'joined.har');
    expect(await writeHar(logs, file, new Redactor(['late-secret-123456']))).toBe(3);
    const text = readFileSync(file, 'utf8');
    expect(validateHar(JSON.parse(text))).toBe(true);
    expect(text).not.toContain('late-secret-123456');
    expect(await writeHar(join(dir, 'logs'), file, new Redactor())).toBe(3);
    rmSync(logs, { recursive: true });
    mkdirSync(logs);
    expect(await writeHar(logs, file, new Redactor())).toBe(0);
    expect(validateHar(JSON.parse(readFileSync(file, 'utf8')))).toBe(true);
  });
});
