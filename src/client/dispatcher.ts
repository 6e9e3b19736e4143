import { rootCertificates } from 'node:tls';
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import Pool from 'undici/lib/dispatcher/pool.js';

const require = createRequire(import.meta.url);

/** Proxies as HTTP_PROXY, HTTPS_PROXY and NO_PROXY give them ('' for none), or --proxy for both schemes. */
export interface ProxySettings {
  readonly httpProxy: string;
  readonly httpsProxy: string;
  readonly noProxy: string;
}

/** How the kit reaches the target: TLS trust, proxies and headers of the user's network. Plain data. */
export interface TransportOptions {
  /** PEM certificates trusted beside Node's own roots (--ca-file, and NODE_EXTRA_CA_CERTS with it). */
  readonly ca?: string;
  /** Skip certificate verification (--insecure). */
  readonly insecure?: boolean;
  readonly proxy?: ProxySettings;
  /** Sent on every request (--header); their values are secrets. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface DispatcherOptions {
  readonly origin: string;
  readonly connections: number;
  readonly timeoutMs: number;
  readonly transport?: TransportOptions;
}

/** The TLS options of a connection to the target (or to an https proxy). */
export function tlsOptions(transport: TransportOptions | undefined): { ca?: string[]; rejectUnauthorized?: boolean } {
  return {
    // `ca` replaces Node's roots rather than adding to them: keep them, so a public server still verifies.
    ...(transport?.ca ? { ca: [...rootCertificates, transport.ca] } : {}),
    ...(transport?.insecure ? { rejectUnauthorized: false } : {}),
  };
}

/**
 * One undici dispatcher per client: a keep-alive pool to the target, or, with a proxy, undici's
 * EnvHttpProxyAgent given the proxy settings explicitly (so .env and --proxy count, and NO_PROXY
 * is honoured as curl and undici read it).
 */
export function createDispatcher(options: DispatcherOptions): Undici.Dispatcher {
  const tls = tlsOptions(options.transport);
  const common = {
    connections: options.connections,
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, ...tls },
  };
  const proxy = options.transport?.proxy;
  if (proxy && (proxy.httpProxy !== '' || proxy.httpsProxy !== '')) {
    // The proxy agent opens its tunnels through the request API that undici's index adds to every
    // dispatcher, so a run through a proxy loads the whole of undici; a direct run needs the pool only.
    const { EnvHttpProxyAgent } = require('undici') as typeof Undici;
    return new EnvHttpProxyAgent({ ...common, requestTls: tls, proxyTls: tls, ...proxy });
  }
  return new Pool(options.origin, common);
}
