import { createServer, type Server } from 'node:http';

/** The kit's default body cap (--max-body). */
export const BODY_CAP_BYTES = 5 * 1024 * 1024;

/**
 * A page of bank cards (2.8) just under the body cap, every record wrong the same three ways: `id`
 * a string, `accountName` a number, `bankAccount` a number. Records are padded to one length so
 * that `records` of them fill the page.
 */
export function wrongPageBody(records = 60_000, bytes = BODY_CAP_BYTES - 1024): Buffer {
  const record = (index: number, pad: string) =>
    `{"id":"${String(index).padStart(5, '0')}","accountName":0,"bankName":"${pad}","bankAccount":0,"createdAt":null}`;
  const head = '{"data":{"totalPage":1,"pageNo":1,"list":[';
  const tail = ']},"status":"ok","code":"200","message":"","error":{}}';
  const padding = Math.floor((bytes - head.length - tail.length) / records) - record(0, '').length - 1;
  const pad = 'B'.repeat(Math.max(0, padding));
  return Buffer.from(`${head}${Array.from({ length: records }, (_, i) => record(i, pad)).join(',')}${tail}`);
}

/**
 * A server on 127.0.0.1 that answers every request with `answer(n)` for its n-th request (from 1):
 * a body, or a status and body. Stop it with `close`.
 */
export async function fixtureServer(
  answer: (request: number) => { status?: number; body: Buffer | string },
): Promise<{ url: string; requests(): number; close(): Promise<void> }> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status = 200, body } = answer(++count);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests: () => count,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
