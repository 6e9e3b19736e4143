import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { deviationKey } from '../../src/engine/judging/deviation.js';
import { RESPONSE_EXCERPT_CHARS, toDeviation } from '../../src/engine/judging/evidence.js';
import { curlRepro, shellWord } from '../../src/engine/judging/repro.js';
import { exchangeOf } from '../support/exchange.js';
import { Redactor } from '../../src/redaction/redactor.js';

describe('curl repro', () => {
  const request = {
    method: 'POST',
    url: 'http://127.0.0.1:8080//pc/custom_demand/list',
    headers: { 'content-type': 'application/json', authorization: 'bearers3cret-token' },
    body: `{"remark":"it's \\"quoted\\" $HOME \`x\`"}`,
  };

  it('never contains the token and reads it from $OTP_TOKEN', () => {
    const line = curlRepro(request, 's3cret-token');
    expect(line).not.toContain('s3cret-token');
    expect(line).toContain('"authorization: bearer${OTP_TOKEN}"');
    expect(line).toContain("'http://127.0.0.1:8080//pc/custom_demand/list'");
  });

  it('a request sent in HTTP/1.0 is sent so again, and field names keep their case', () => {
    const line = curlRepro(
      { ...request, headers: { 'Content-Type': 'application/json', Authorization: 'bearers3cret-token' }, httpVersion: '1.0' },
      's3cret-token',
    );
    expect(line).toMatch(/^curl -sS --http1\.0 -X POST /);
    expect(line).toContain('"Authorization: bearer${OTP_TOKEN}"');
    expect(curlRepro(request, 's3cret-token')).not.toContain('--http1.0');
  });

  it('a short token is replaced in the authorization header only', () => {
    const line = curlRepro({ ...request, headers: { ...request.headers, authorization: 'bearera' } }, 'a');
    expect(line).toContain("'content-type: application/json'");
    expect(line).toContain('"authorization: bearer${OTP_TOKEN}"');
  });

  it('quotes so that a shell passes the body through byte for byte', () => {
    const line = curlRepro(request, 's3cret-token');
    // Replace curl by printf to see what the shell hands over.
    const argv = execFileSync('bash', ['-c', `printarg() { shift 5; printf '%s\\n' "$@"; }; OTP_TOKEN=abc; ${line.replace(/^curl/, 'printarg')}`], {
      encoding: 'utf8',
    }).split('\n');
    expect(argv).toContain('authorization: bearerabc');
    expect(argv).toContain(request.body);
  });
});

describe('replay argument', () => {
  it('reaches the kit as the one word it was, JSON of a listed record included, and stays bare where it can', () => {
    const listed = `consignee-by-id:listed:last:10:3:{"id":17,"remark":"it's $HOME"}`;
    const argv = execFileSync('bash', ['-c', `printf '%s\\n' ${shellWord(listed)} ${shellWord('alpha-orders-list:hostile:3:0:1')}`], { encoding: 'utf8' });
    expect(argv.split('\n').slice(0, 2)).toEqual([listed, 'alpha-orders-list:hostile:3:0:1']);
    expect(shellWord('alpha-orders-list:page:10:2')).toBe('alpha-orders-list:page:10:2');
  });
});

describe('deviation key', () => {
  it('folds list indexes so that one broken field across records is one deviation', () => {
    const base = { operation: '/pc/x', check: 'data-schema', severity: 'error' as const };
    expect(deviationKey({ ...base, instancePath: '/data/list/0/status' })).toBe(deviationKey({ ...base, instancePath: '/data/list/7/status' }));
    expect(deviationKey({ ...base, instancePath: '/data/list/0/status' })).not.toBe(deviationKey({ ...base, instancePath: '/data/list/0/remark' }));
  });
});

describe('evidence', () => {
  it('every field taken from the exchange is redacted: headers (names too), URL, bodies, actual, message, input, repro', () => {
    const token = 'T0KEN-abcdef-123456';
    const echo = `${token} ${encodeURIComponent(token)} ${token.toUpperCase()}`;
    const exchange = exchangeOf('custom-demand-list', {
      intent: 'hostile',
      payload: { kind: 'injection', description: `pageSize: ${token}` },
      requestHeaders: { authorization: `bearer${token}` },
      headers: { 'content-type': 'application/json', [`x-${token.toLowerCase()}`]: echo },
      body: `${'x'.repeat(RESPONSE_EXCERPT_CHARS - 5)}${echo}`,
    });
    const deviation = toDeviation(
      { id: 'json-body', severity: 'error', rule: '1', title: 'Not JSON' },
      { instancePath: `/data/${token}`, expected: 'JSON', actual: `text ${echo}` },
      { ...exchange, request: { ...exchange.request, url: `${exchange.request.url}?t=${token}`, body: `{"t":"${token}"}` } },
      { seed: 1, token, redactor: new Redactor([token]) },
    );
    const text = JSON.stringify(deviation).toLowerCase();
    for (const form of [token, encodeURIComponent(token), token.slice(0, 12)]) expect(text).not.toContain(form.toLowerCase());
    expect(deviation.request.headers.authorization).toBe('bearer[REDACTED]');
    expect(deviation.repro).toContain('${OTP_TOKEN}');
    expect(deviation.response?.bodyTruncated).toBe(true);
  });
});
