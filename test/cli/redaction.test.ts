import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Header-name characters only, so that a server can send it as a header name too. */
const token = 'Tk9+zQ.x_Lm-Wq~Rv!4Hs7Np2Yc';
/** A credential of the environment (OTP_PASSWORD), with the characters JSON and URLs escape. */
const password = 'pa/ss=Word+42&more"quoted';

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
const jsonEscapedAll = (text: string, upper = false) =>
  [...text].map((c) => `\\u${upper ? hex(c.charCodeAt(0), 4).toUpperCase() : hex(c.charCodeAt(0), 4)}`).join('');
const percentAll = (text: string, upper: boolean) => [...Buffer.from(text)].map((byte) => `%${upper ? hex(byte, 2).toUpperCase() : hex(byte, 2)}`).join('');

/** The written forms of a text a leak can take: raw, cased, JSON-escaped, URL-encoded, base64. */
function formsOf(text: string): string[] {
  const cased = [text, text.toUpperCase(), text.toLowerCase()];
  return [
    ...cased,
    ...cased.flatMap((t) => [encodeURIComponent(t), percentAll(t, true), percentAll(t, false), jsonEscapedAll(t), jsonEscapedAll(t, true)]),
    JSON.stringify(text).slice(1, -1),
    JSON.stringify(text).slice(1, -1).replace(/\//g, '\\/'),
    Buffer.from(text).toString('base64'),
  ];
}

/** Every form of a secret as one JSON string's content (escapes valid in JSON). */
const echoed = (secret: string) =>
  [
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(secret.toUpperCase()).slice(1, -1),
    JSON.stringify(secret.toLowerCase()).slice(1, -1),
    jsonEscapedAll(secret),
    jsonEscapedAll(secret, true),
    JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
    encodeURIComponent(secret),
    percentAll(secret, false),
    Buffer.from(secret).toString('base64'),
  ].join(' | ');

/** The response excerpt is cut here (evidence.ts). */
const CUT = 2048;

/** A body that breaks the envelope and echoes both secrets every way, the token straddling the cut. */
function echoBody(token: string): string {
  const head =
    `{"code":"401 ${token}","status":"${echoed(token)}","message":"${echoed(password)}","error":{"${token}":"${token}"},` +
    `"data":"echo ${token} ${JSON.stringify(password).slice(1, -1)}","pad":"`;
  return `${head}${'x'.repeat(CUT - 9 - head.length)}${token}${'y'.repeat(64)}"}`;
}

/**
 * Only the token straddling the cut, nothing redacted before it: the cut falls inside the token
 * whether it is taken before or after redaction.
 */
const edgeBody = (token: string) => `{"pad":"${'x'.repeat(CUT - 9 - 8)}${token}${'y'.repeat(64)}"}`;

const redirect = `http://user:${encodeURIComponent(password)}@127.0.0.1/callback?token=${encodeURIComponent(token)}&next=%2Fhome%3Ft%3D${encodeURIComponent(encodeURIComponent(token))}`;

describe('a server that echoes the secrets every way', () => {
  /** The token the server echoes: the run's. */
  let echoedToken = token;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      // Without a token it refuses plainly, so the token check before the run sees the token accepted.
      if (request.headers.authorization === undefined) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"code":"401","status":"fail","message":"no token","error":{"reason":"unauthorized"},"data":{}}');
        return;
      }
      response.writeHead(request.url?.includes('delDemand') ? 302 : 200, {
        'content-type': 'application/json',
        [`X-Echo-${echoedToken}`]: 'header name',
        'x-echo': `bearer${echoedToken}`,
        'x-echo-password': encodeURIComponent(password),
        location: redirect,
      });
      response.end(request.url?.includes('delDemand') ? edgeBody(echoedToken) : echoBody(echoedToken));
    });
  });
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('no form of the token or the password, nor of their first 12 characters, in any report file, the step summary or the console', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-redaction-'));
    const stepSummary = join(mkdtempSync(join(tmpdir(), 'otp-summary-')), 'summary.md');
    echoedToken = token;
    const args = ['bin/otp-conformance.js', '--base-url', baseUrl, '--token', token, '--only', 'custom-demand', '--runs', '3', '--hostile-runs', '3'];
    const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined, OTP_PASSWORD: password, GITHUB_STEP_SUMMARY: stepSummary };
    const outcome = await run(process.execPath, [...args, '--seed', '5', '--verbose', '--report-dir', dir], { env, timeout: 60_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { deviations: { response?: { body: string; bodyTruncated: boolean } }[] };
    // The evidence is there, with the secrets taken out of it.
    expect(report.deviations.some((deviation) => deviation.response?.body.includes('[REDACTED]'))).toBe(true);
    // The token straddling the cut: redacted before cutting, the marker kept whole at the edge.
    expect(report.deviations.some((deviation) => deviation.response?.bodyTruncated && deviation.response.body.endsWith('xx[REDACTED]'))).toBe(true);

    const outputs: Record<string, string> = { stdout: outcome.stdout, stderr: outcome.stderr, 'step summary': readFileSync(stepSummary, 'utf8') };
    for (const file of readdirSync(dir)) outputs[file] = readFileSync(join(dir, file), 'utf8');
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'summary.md', 'report.html']));
    const leaks: string[] = [];
    for (const [name, text] of Object.entries(outputs)) {
      // The same text with one level of JSON and HTML escaping undone: a form inside a stored string.
      const unescaped = text
        .replace(/\\\\/g, '\\')
        .replace(/\\"/g, '"')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
      for (const secret of [token, password]) {
        for (const form of formsOf(secret.slice(0, 12))) {
          if (text.includes(form) || unescaped.includes(form)) leaks.push(`${name}: ${form}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 90_000);

  it('a token of 3 characters: a warning before the run, and the token redacted where it stands alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-redaction-'));
    echoedToken = 'k9z';
    const args = [
      'bin/otp-conformance.js',
      '--base-url',
      baseUrl,
      '--token',
      echoedToken,
      '--only',
      '/pc/custom_demand/list',
      '--runs',
      '1',
      '--hostile-runs',
      '0',
    ];
    const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined };
    const outcome = await run(process.execPath, [...args, '--report-dir', dir], { env, timeout: 60_000 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(outcome.code).toBe(1);
    const warning = outcome.stdout.indexOf('Warning: the token is 3 characters long, which is weak');
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(warning).toBeLessThan(outcome.stdout.indexOf('Checking '));
    const report = readFileSync(join(dir, 'report.json'), 'utf8');
    for (const form of ['bearerk9z', '401 k9z', 'echo k9z', '"k9z"', 'x-echo-k9z']) expect(report.toLowerCase()).not.toContain(form);
    expect(report).toContain('bearer[REDACTED]');
  }, 90_000);
});
