import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { serveLatency } from '../../src/cli/serve-latency.js';
import { KitError } from '../../src/errors.js';
import { type Latency, latencyProblem, latencySchedule, meanLatencyMs, parseAddedLatency } from '../../src/reference/latency.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';

const delays = (latency: Latency, count: number) => {
  const next = latencySchedule(latency);
  return Array.from({ length: count }, () => next());
};

describe('the latency schedule of the reference server', () => {
  it('adds a fixed delay to every answer', () => {
    expect(new Set(delays({ addedMs: 50 }, 200))).toEqual(new Set([50]));
  });

  it('spreads delays over a range evenly, the same sequence on every start', () => {
    const spread = delays({ addedMs: { min: 0, max: 60 } }, 1000);
    expect(Math.min(...spread)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...spread)).toBeLessThanOrEqual(60);
    const mean = spread.reduce((sum, delay) => sum + delay, 0) / spread.length;
    expect(mean).toBeGreaterThan(28);
    expect(mean).toBeLessThan(32);
    // Each tenth of the range is hit: a spread, not a few values repeated.
    expect(new Set(spread.map((delay) => Math.min(9, Math.floor(delay / 6)))).size).toBe(10);
    expect(delays({ addedMs: { min: 0, max: 60 } }, 1000)).toEqual(spread);
  });

  it('makes exactly one answer in N slow, the Nth, the 2Nth…', () => {
    const schedule = delays({ addedMs: { min: 0, max: 60 }, slow: { every: 50, ms: 1500 } }, 200);
    const slow = schedule.flatMap((delay, index) => (delay === 1500 ? [index + 1] : []));
    expect(slow).toEqual([50, 100, 150, 200]);
    expect(delays({ slow: { every: 3, ms: 700 } }, 6)).toEqual([0, 0, 700, 0, 0, 700]);
  });

  it('knows its mean, for a benchmark bound', () => {
    expect(meanLatencyMs({ addedMs: 50 })).toBe(50);
    expect(meanLatencyMs({ addedMs: { min: 0, max: 60 }, slow: { every: 50, ms: 1500 } })).toBeCloseTo((30 * 49 + 1500) / 50);
    expect(meanLatencyMs({})).toBe(0);
  });

  it('reads --latency as milliseconds or a range', () => {
    expect(parseAddedLatency('50')).toBe(50);
    expect(parseAddedLatency('0-60')).toEqual({ min: 0, max: 60 });
    for (const wrong of ['', 'fast', '-5', '1.5', '60-', '10-20-30']) expect(parseAddedLatency(wrong), wrong).toBeUndefined();
  });

  it('names what is wrong in settings it cannot follow', () => {
    expect(latencyProblem({ addedMs: 50, slow: { every: 50, ms: 1500 } })).toBeUndefined();
    expect(latencyProblem({ addedMs: -1 })).toMatch(/0 or more/);
    expect(latencyProblem({ addedMs: { min: 60, max: 0 } })).toMatch(/MIN no larger than MAX/);
    expect(latencyProblem({ slow: { every: 0, ms: 100 } })).toMatch(/one answer in N/);
    expect(latencyProblem({ slow: { every: 2, ms: Number.NaN } })).toMatch(/slow answer/);
  });
});

describe('serve --latency, --slow-every, --slow-ms', () => {
  it('become the server latency option', () => {
    expect(serveLatency({})).toBeUndefined();
    expect(serveLatency({ latency: '50' })).toEqual({ addedMs: 50 });
    expect(serveLatency({ latency: '0-60', 'slow-every': '50', 'slow-ms': '1500' })).toEqual({
      addedMs: { min: 0, max: 60 },
      slow: { every: 50, ms: 1500 },
    });
  });

  it('are refused with the option named and an example, as a kit error', () => {
    const refusal = (flags: Parameters<typeof serveLatency>[0]) => {
      try {
        serveLatency(flags);
      } catch (error) {
        expect(error).toBeInstanceOf(KitError);
        expect((error as KitError).code).toBe('OTP_BAD_OPTION');
        return (error as KitError).message;
      }
      throw new Error(`accepted ${JSON.stringify(flags)}`);
    };
    expect(refusal({ latency: 'slow' })).toMatch(/--latency slow/);
    expect(refusal({ 'slow-every': '50' })).toMatch(/--slow-every and --slow-ms go together/);
    expect(refusal({ 'slow-every': 'often', 'slow-ms': '1500' })).toMatch(/--slow-every/);
  });
});

describe('the serve command with latency', () => {
  const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_')));

  it('says on a labelled line how late it answers', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--latency', '0-60', '--slow-every', '50', '--slow-ms', '1500'], { env });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
          if (/^Latency:.*\n/m.test(text)) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${text}`)));
      });
      expect(out).toMatch(/^Latency: answers 0–60 ms late; one in 50 1500 ms late$/m);
    } finally {
      child.kill();
    }
  });

  it('refuses a latency it cannot follow: one line on stderr, exit 2', async () => {
    const failed = await promisify(execFile)(process.execPath, [cli, 'serve', '--port', '0', '--slow-every', '50'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toContain('--slow-every and --slow-ms go together');
  });
});

describe('a reference server with latency', () => {
  let server: ReferenceServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const listDemands = (url: string, token: string) =>
    fetch(`${url}//pc/custom_demand/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer${token}` },
      body: JSON.stringify({ pageSize: 5 }),
    });

  it('answers as it would without, only later', async () => {
    server = await startReferenceServer({ token: 'latency-token', latency: { addedMs: 40 } });
    const started = performance.now();
    const answer = await listDemands(server.url, server.token);
    // A lower bound that holds by construction (the answer waited 40 ms before it was written), not a speed requirement.
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { code: string }).code).toBe('200');
  });

  it('closes at once with answers still held back', async () => {
    server = await startReferenceServer({ token: 'latency-token', latency: { addedMs: 600_000 } });
    const pending = listDemands(server.url, server.token).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    server = undefined;
    expect(await pending).toBe('cut');
  });

  it('refuses latency it cannot follow', async () => {
    await expect(startReferenceServer({ token: 't', latency: { addedMs: -5 } })).rejects.toMatchObject({ code: 'OTP_BAD_OPTION' });
  });
});
