import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeTarget } from '../../src/run/probe.js';
import { run } from '../../src/index.js';
import { runHeader } from '../../src/report/console.js';

const dir = mkdtempSync(join(tmpdir(), 'otp-tested-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const specText = readFileSync(new URL('../../docs/spec/open-trading-platform-api.md', import.meta.url));
const specHash = createHash('sha256').update(specText).digest('hex');

describe('the reports say what was tested', () => {
  it('report.json, summary.md, report.html and the console header name the target, label, kit, spec, Node, seed and options', async () => {
    const report = await run({ label: 'staging v2', seed: 7, runs: 1, hostileRuns: 0, only: ['login'], reportDir: dir });
    expect(report.status).toBe('pass');
    expect(report.target).toMatchObject({ embedded: true, label: 'staging v2' });
    expect(report.spec).toEqual({ version: null, file: 'docs/spec/open-trading-platform-api.md', sha256: specHash });
    expect(report.node).toBe(process.version);
    expect(report.options).toMatchObject({ runs: 1, hostileRuns: 0, operations: ['login'] });
    const written = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as typeof report;
    expect(written.spec?.sha256).toBe(specHash);
    const header = runHeader(report);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    const page = readFileSync(join(dir, 'report.html'), 'utf8');
    for (const text of [header, summary, page]) {
      expect(text).toContain('staging v2');
      expect(text).toContain(specHash.slice(0, 16));
      expect(text).toContain(process.version);
      expect(text).toContain(`${report.tool} ${report.version}`);
      expect(text).toContain('runs 1, hostile runs 0');
    }
    expect(header).toMatch(/^Seed: +7$/m);
  });

  it('the Server header the target answers with is kept for the report', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { server: 'acme-gateway/2.1' }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await probeTarget(`http://127.0.0.1:${port}`, 2000)).toBe('acme-gateway/2.1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
