import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the front server does at one wire path instead of passing the call on. */
export type FrontRule = { readonly kind: 'hang' } | { readonly kind: 'answer'; readonly body: unknown };

export interface FrontServer {
  readonly url: string;
  /** Resolves when a call reaches a path the server hangs on. */
  readonly hung: Promise<void>;
  close(): Promise<void>;
}

/**
 * A server in front of the reference server (127.0.0.1 only): calls pass through, except at the
 * paths given, where it never answers or always answers the same body. Closed by the test.
 */
export async function startFrontServer(upstream: string, rules: Readonly<Record<string, FrontRule>>): Promise<FrontServer> {
  let reachedHang: () => void = () => {};
  const hung = new Promise<void>((resolve) => (reachedHang = resolve));
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const rule = rules[req.url ?? ''];
    if (rule?.kind === 'hang') {
      reachedHang();
      req.resume();
      return;
    }
    if (rule?.kind === 'answer') {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rule.body));
      return;
    }
    const forward = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hung,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
