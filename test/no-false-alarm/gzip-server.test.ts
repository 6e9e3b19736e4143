import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { selfCheckSettings, SELF_CHECK_CLOCK_MS } from '../mutation-set/run-against.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { line } from '../support/kit.js';

/**
 * A conformant server behind a front that gzips every answer, as many production stacks do. The
 * spec says nothing of compression: the kit must decode and judge the JSON, and find nothing.
 */
describe('no false alarm against a server that gzips its answers', () => {
  it('the reference server, gzipped: 0 errors, 0 warnings', async () => {
    const token = 'gzip-check-token';
    const reference = await startReferenceServer({ token, now: () => SELF_CHECK_CLOCK_MS });
    const upstream = new Pool(reference.url);
    let gzipped = 0;
    const front = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => !['host', 'accept-encoding', 'content-length'].includes(name)),
        ) as Record<string, string>;
        upstream
          .request({ method: request.method as 'POST', path: request.url!, headers, ...(body ? { body } : {}) })
          .then(async (answer) => {
            const plain = Buffer.from(await answer.body.arrayBuffer());
            // gzip where the request accepts it: named without a weight of 0 ("gzip;q=0" refuses it, RFC 9110 12.4.2).
            const accepts = /(?:^|,)\s*gzip\s*(?:,|$|;(?!\s*q\s*=\s*0(?:\.0*)?\s*(?:,|$)))/i.test(String(request.headers['accept-encoding'] ?? ''));
            const sent = accepts ? gzipSync(plain) : plain;
            if (accepts) gzipped++;
            response.writeHead(answer.statusCode, {
              'content-type': String(answer.headers['content-type'] ?? 'application/json'),
              'content-length': String(sent.length),
              ...(accepts ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
            });
            response.end(sent);
          })
          .catch(() => response.destroy());
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const settings = selfCheckSettings(`http://127.0.0.1:${(front.address() as { port: number }).port}`, {
      token,
      runs: 3,
      hostileRuns: 8,
    });
    try {
      // By the run's schedule, as a run goes: the page walks read lists no state change touches meanwhile.
      const { operations: results } = await startRun(settings, { operations, flows: [] }).finished;
      expect(gzipped).toBeGreaterThan(operations.length);
      expect(results.flatMap((result) => result.deviations).map(line)).toEqual([]);
    } finally {
      await upstream.close();
      await new Promise((resolve) => front.close(resolve));
      await reference.close();
    }
  });
});
