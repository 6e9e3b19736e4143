import { Agent as HttpAgent, createServer, type IncomingMessage, type ClientRequest, request as httpRequest, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceivedResponse, SentRequest, TransportFailure } from '../client/exchange.js';
import { BodyReadError, readBody } from '../client/decode.js';
import { classifyFailure } from '../client/failures.js';
import { parseBaseUrl } from '../client/target.js';
import type { ObservedExchange } from './observed.js';
import { headersOf, receivedOf, sentHeadersOf } from './received.js';

export interface TrafficProxyOptions {
  /** The base URL of the server behind the proxy: each request goes there, its path as sent appended. */
  readonly target: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** What the judge keeps of each body (decoded, for an answer): the client gets every byte, whatever the length. */
  readonly maxBodyBytes: number;
  /** How long the judge waits for a complete answer before it judges a timeout; the client waits as long as it will. */
  readonly timeoutMs: number;
  /** Each exchange, once it ended: answered, failed, past the timeout, or given up by the client. */
  onExchange(exchange: ObservedExchange): void;
  /** Each request as it arrives, before it is sent on. */
  onRequest?(): void;
  /** A request that could not be sent on at all (a path Node refuses to write), and why: not judged. */
  onUnsent?(method: string, path: string, reason: string): void;
}

export interface TrafficProxy {
  /** Where clients send their requests, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /**
   * Stops taking requests, lets the exchanges under way end for up to `graceMs`, then cuts those
   * still open (their sockets destroyed, not judged). Resolves to how many were cut.
   */
  stop(graceMs: number): Promise<number>;
}

/** A copy of a body as it streams past, up to a cap: the bytes go on whole, the copy stops at the cap. */
class BodyCopy {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** The body passed the cap: the copy holds its beginning only. */
  cut = false;

  constructor(private readonly cap: number) {}

  add(chunk: Buffer): void {
    if (this.cut) return;
    if (this.size + chunk.length > this.cap) {
      this.chunks.push(chunk.subarray(0, this.cap - this.size));
      this.size = this.cap;
      this.cut = true;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  get length(): number {
    return this.size;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

/** rawHeaders (`[name, value, name, value…]`) as pairs. */
function pairsOf(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const [name, value] = raw.slice(i, i + 2);
    if (name !== undefined && value !== undefined) pairs.push([name, value]);
  }
  return pairs;
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** What the judge makes of a response whose body never came whole: its head, no body to parse. */
const headOnly = (status: number, headers: Record<string, string>): ReceivedResponse => ({
  status,
  headers,
  bodyText: '',
  json: { ok: false, reason: 'body incomplete' },
});

/**
 * A reverse proxy in front of `target` that hands every exchange to the judge as it ends, and keeps
 * out of the way. Each request goes on as the client wrote it: its method, its path as sent (a
 * doubled slash kept: the URL is built by string, never normalised), its headers in their order and
 * case (Host names the target, which a reverse proxy must), its body bytes as they come. Each answer
 * goes back as the target wrote it: status line, headers in their order and case, body bytes as they
 * arrive, compressed or not; the judge reads a copy, decoded, of at most `maxBodyBytes`. A target
 * that fails reaches the client as it failed: a reset or a refused connection closes the client's
 * connection without an answer, a silent target stays silent; the judge records the failure.
 */
export async function startTrafficProxy(options: TrafficProxyOptions): Promise<TrafficProxy> {
  const target = parseBaseUrl(options.target);
  const targetUrl = new URL(target.origin);
  const secure = targetUrl.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  /** Each exchange under way, and how to cut it when the proxy stops. */
  const underWay = new Map<object, { ended: Promise<void>; judged(): boolean; cut(): void }>();
  let stopping = false;

  function forward(req: IncomingMessage, res: ServerResponse): void {
    if (stopping) {
      req.socket.destroy();
      return;
    }
    options.onRequest?.();
    const startedAt = Date.now();
    const started = performance.now();
    const path = `${target.basePath}${req.url ?? '/'}`;
    const headerPairs = pairsOf(req.rawHeaders).map(([name, value]): [string, string] => [name, name.toLowerCase() === 'host' ? targetUrl.host : value]);
    const hasBody = headerPairs.some(([name]) => /^(?:content-length|transfer-encoding)$/i.test(name));
    const requestCopy = new BodyCopy(options.maxBodyBytes);
    let head: { status: number; headers: Record<string, string> } | undefined;
    let settled = false;
    let closed = false;
    let endExchange!: () => void;
    /** Ends once the exchange is judged and its client's answer is over, whichever comes last. */
    const ended = new Promise<void>((resolve) => (endExchange = resolve));
    const key = {};
    let judgedCopy: Readable | undefined;

    const settle = (outcome: { response?: ReceivedResponse; failure?: TransportFailure; responseCut?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const request: SentRequest = {
        method: req.method ?? 'GET',
        url: `${target.origin}${path}`,
        headers: sentHeadersOf(headerPairs),
        body: requestCopy.length > 0 || hasBody ? requestCopy.bytes().toString('utf8') : undefined,
      };
      options.onExchange({
        startedAt,
        durationMs: tenths(performance.now() - started),
        request,
        ...outcome,
        ...(requestCopy.cut ? { requestCut: `longer than the body cap of ${options.maxBodyBytes} bytes: its first ${options.maxBodyBytes} kept` } : {}),
      });
      if (closed) endExchange();
    };
    const timer = setTimeout(() => {
      judgedCopy?.destroy();
      settle({
        ...(head ? { response: headOnly(head.status, head.headers) } : {}),
        failure: { kind: 'timeout', message: `no complete response within ${options.timeoutMs} ms (the client was left to wait on)` },
      });
    }, options.timeoutMs);

    let upstream: ClientRequest;
    try {
      upstream = send({ hostname: targetUrl.hostname, port: targetUrl.port, method: req.method, path, headers: headerPairs.flat(), setHost: false, agent });
    } catch (error) {
      clearTimeout(timer);
      settled = true;
      options.onUnsent?.(req.method ?? '?', req.url ?? '', (error as Error).message);
      req.socket.destroy();
      return;
    }
    underWay.set(key, {
      ended,
      judged: () => settled,
      cut: () => {
        upstream.destroy();
        req.socket.destroy();
      },
    });
    void ended.then(() => underWay.delete(key));
    res.once('close', () => {
      closed = true;
      if (settled) endExchange();
    });

    req.on('data', (chunk: Buffer) => requestCopy.add(chunk));
    req.pipe(upstream);

    upstream.once('error', (error) => {
      if (!head) {
        settle({ failure: classifyFailure(error, options.timeoutMs, undefined) });
        // A reset stays a reset, a refused connection a closed one: the client gets no answer the target did not give.
        req.socket.destroy();
      }
    });
    upstream.once('response', (answer) => {
      head = { status: answer.statusCode ?? 0, headers: headersOf(pairsOf(answer.rawHeaders)) };
      res.sendDate = false;
      try {
        res.writeHead(answer.statusCode ?? 0, answer.statusMessage, answer.rawHeaders);
      } catch (error) {
        // A head Node read but will not write again (a status code out of its range): the client gets no answer, as from a broken server.
        upstream.destroy();
        settle({
          response: headOnly(head.status, head.headers),
          failure: { kind: 'invalid-http', message: `an answer that cannot be passed on: ${(error as Error).message}` },
        });
        req.socket.destroy();
        return;
      }
      const copy = new Readable({ read() {} });
      judgedCopy = copy;
      const status = head.status;
      const headers = head.headers;
      readBody(copy, headers['content-encoding'], options.maxBodyBytes).then(
        (read) =>
          settle({
            response: receivedOf(status, headers, read.bytes, read.encodingProblem),
            ...(read.complete
              ? {}
              : {
                  responseCut: `longer than the body cap of ${options.maxBodyBytes} bytes${headers['content-encoding'] ? ' once decoded' : ''}: its first bytes judged`,
                }),
          }),
        (error: unknown) => {
          const partial = error instanceof BodyReadError ? error.partial : Buffer.alloc(0);
          const cause = error instanceof BodyReadError ? error.cause : error;
          settle({
            response: { ...receivedOf(status, headers, partial), json: { ok: false, reason: 'body incomplete' } },
            failure: classifyFailure(cause, options.timeoutMs, undefined),
          });
        },
      );
      answer.on('data', (chunk: Buffer) => {
        if (!copy.destroyed) copy.push(chunk);
      });
      answer.once('end', () => copy.push(null));
      answer.once('error', (error) => {
        copy.destroy(error);
        res.destroy();
      });
      answer.once('close', () => {
        if (answer.complete) return;
        const error = Object.assign(new Error('the target closed the connection before the answer ended'), { code: 'ECONNRESET' });
        copy.destroy(error);
        res.destroy();
      });
      answer.pipe(res);
    });
    res.once('close', () => {
      if (res.writableFinished) return;
      upstream.destroy();
      settle({ failure: { kind: 'aborted', message: 'the client closed the connection before the answer ended: not judged' } });
    });
  }

  const server = createServer(forward);
  // A client that half-closes once its request is sent still waits for the answer: Node's server
  // would give up on it at once, while the target is still answering (this is what httpAllowHalfOpen keeps).
  (server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    async stop(graceMs) {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const waiting = [...underWay.values()];
      const grace = new AbortController();
      await Promise.race([Promise.all(waiting.map((exchange) => exchange.ended)), sleep(graceMs, undefined, { signal: grace.signal }).catch(() => undefined)]);
      // The grace is over or not needed: its timer must not hold the process up.
      grace.abort();
      // An exchange judged already (a timeout, a body past the cap) may still be streaming to its client: cut, but not unjudged.
      const unjudged = [...underWay.values()].filter((exchange) => !exchange.judged()).length;
      for (const exchange of underWay.values()) exchange.cut();
      server.closeAllConnections();
      agent.destroy();
      await closed;
      return unjudged;
    },
  };
}
