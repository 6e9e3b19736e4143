import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayUrl } from '../../src/client/target.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { parseHeaders, resolveProxy } from '../../src/config/transport.js';

const lookupOf = (values: Record<string, string>) => (name: string) => values[name];

describe('how the kit reaches the target', () => {
  it('a base URL is shown without user:password@, and the password (raw and decoded) is a secret', () => {
    expect(displayUrl('https://alice:p%40ss-word@api.example.test/v1')).toBe('https://api.example.test/v1');
    expect(displayUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    const config = resolveRunConfig(
      ['--base-url', 'https://alice:p%40ss-word@api.example.test/v1', '--token', 'T0KEN'],
      {},
      mkdtempSync(join(tmpdir(), 'otp-')),
    );
    expect(config.baseUrl).toBe('https://api.example.test/v1');
    expect(config.optionSecrets).toEqual(expect.arrayContaining(['p%40ss-word', 'p@ss-word']));
    expect(JSON.stringify({ ...config, optionSecrets: [] })).not.toContain('ss-word');
  });

  it('--header values are secrets; names are kept lower-case', () => {
    expect(parseHeaders(['X-Api-Key: k-123456', 'X-Tenant:acme'])).toEqual({ 'x-api-key': 'k-123456', 'x-tenant': 'acme' });
    const config = resolveRunConfig(
      ['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN', '--header', 'X-Api-Key: k-123456', '--header', 'X-Tenant: acme, east'],
      {},
      mkdtempSync(join(tmpdir(), 'otp-')),
    );
    expect(config.transport?.headers).toEqual({ 'x-api-key': 'k-123456', 'x-tenant': 'acme, east' });
    expect(config.optionSecrets).toEqual(expect.arrayContaining(['k-123456', 'acme, east']));
  });

  it('OTP_HEADERS holds one header per line', () => {
    const config = resolveRunConfig(
      ['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN'],
      { OTP_HEADERS: 'X-A: 1\nX-B: 2\n' },
      mkdtempSync(join(tmpdir(), 'otp-')),
    );
    expect(config.transport?.headers).toEqual({ 'x-a': '1', 'x-b': '2' });
  });

  it('proxies: --proxy for both schemes, else HTTPS_PROXY / HTTP_PROXY (lower-case first), NO_PROXY with either', () => {
    expect(resolveProxy('http://p:3128', lookupOf({ HTTPS_PROXY: 'http://other:1', NO_PROXY: 'internal' }))).toEqual({
      httpProxy: 'http://p:3128',
      httpsProxy: 'http://p:3128',
      noProxy: 'internal',
    });
    expect(resolveProxy(undefined, lookupOf({ https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:1' }))).toEqual({
      httpProxy: '',
      httpsProxy: 'http://lower:1',
      noProxy: '',
    });
    expect(resolveProxy(undefined, lookupOf({}))).toBeUndefined();
  });

  it('the embedded server is never proxied; a proxy password is a secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-'));
    expect(resolveRunConfig([], { HTTP_PROXY: 'http://proxy:3128' }, dir).transport).toBeUndefined();
    const config = resolveRunConfig(['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN', '--proxy', 'http://bob:proxy-pass-77@proxy:3128'], {}, dir);
    expect(config.transport?.proxy?.httpProxy).toBe('http://bob:proxy-pass-77@proxy:3128');
    expect(config.optionSecrets).toContain('proxy-pass-77');
  });

  it('--insecure says so loudly', () => {
    const config = resolveRunConfig(['--base-url', 'https://127.0.0.1:9', '--token', 'T0KEN', '--insecure'], {}, mkdtempSync(join(tmpdir(), 'otp-')));
    expect(config.transport?.insecure).toBe(true);
    expect(config.warnings[0]).toMatch(/^WARNING: --insecure/);
  });
});
