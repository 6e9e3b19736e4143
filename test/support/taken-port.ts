import { createServer } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A port of 127.0.0.1 that another program listens on while the tests of the file run: a listener
 * opened before them and closed after. Read `port` inside a test.
 */
export function takenPort(): { readonly port: number } {
  const server = createServer();
  const taken = { port: 0 };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    taken.port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return taken;
}
