import { readFileSync } from 'node:fs';
import type { ProxySettings, TransportOptions } from '../client/dispatcher.js';
import { displayUrl } from '../client/target.js';
import { KitError } from '../errors.js';
import { refusePlaceholder } from './example-placeholders.js';

function badOption(message: string): KitError {
  return new KitError('OTP_BAD_OPTION', message);
}

/** The password written into a URL, raw and decoded: a secret of the run. */
export function urlSecrets(text: string): string[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [];
  }
  return [...new Set([url.password, safeDecode(url.password)].filter((part) => part !== ''))];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Where a character a header cannot carry stands, or undefined: CR, LF, NUL, or anything past Latin-1. */
function unsendable(value: string): { index: number; what: string } | undefined {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0x0d || code === 0x0a) return { index, what: 'a line break' };
    if (code === 0) return { index, what: 'a NUL character' };
    if (code > 0xff) return { index, what: `U+${code.toString(16).toUpperCase().padStart(4, '0')}, outside Latin-1` };
  }
  return undefined;
}

/** A run's token: sendable, and not the placeholder of .env.example. The message never shows the token itself. */
export function checkToken(token: string | undefined): void {
  checkSendableToken(token);
  refusePlaceholder(token, 'OTP_TOKEN', "put your server's token there (in .env or the environment), or pass --token TOKEN");
}

/** A token goes into a header: it must be sendable. The message never shows the token itself. */
export function checkSendableToken(token: string | undefined): void {
  if (token === undefined) return;
  const problem = unsendable(token);
  if (problem) {
    throw badOption(
      `--token holds ${problem.what} at character ${problem.index + 1}; an HTTP header cannot carry it. Copy the token again without it (a trailing newline from a file is a common cause).`,
    );
  }
}

/** RFC 9110 §5.6.2: a field name is a token. */
const fieldName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Set by the kit itself, or by undici from the body: a --header may not replace them. */
const reserved = new Set(['authorization', 'host', 'content-length', 'transfer-encoding', 'connection', 'accept-encoding', 'content-type']);

/** `--header 'Name: value'`, repeatable: headers sent on every request. */
export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    if (!fieldName.test(name)) {
      throw badOption(`--header ${JSON.stringify(displayHeader(line))} is not 'Name: value' with a valid header name; e.g. --header 'X-Api-Gateway-Key: …'.`);
    }
    const lower = name.toLowerCase();
    if (reserved.has(lower)) {
      throw badOption(
        `--header ${name}: the kit sets ${lower} itself${lower === 'authorization' ? '; give the token with --token and its form with --auth-scheme' : ''}.`,
      );
    }
    const problem = unsendable(value);
    if (problem) throw badOption(`--header ${name}: its value holds ${problem.what} at character ${problem.index + 1}; an HTTP header cannot carry it.`);
    if (lower in headers) throw badOption(`--header ${name} is given twice; give each header once.`);
    refusePlaceholder(value, `The header ${name} (OTP_HEADERS or --header)`, `put your own value there, e.g. --header '${name}: …'`);
    headers[lower] = value;
  }
  return headers;
}

/** A header line as it may be shown: its name only, since values are secrets. */
function displayHeader(line: string): string {
  const colon = line.indexOf(':');
  return colon < 0 ? line.slice(0, 40) : `${line.slice(0, colon)}: …`;
}

function proxyUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badOption(`${name} ${JSON.stringify(displayUrl(text))} is not a URL; give the proxy as http://host:port (user:password@ allowed).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badOption(`${name} ${displayUrl(text)} uses ${url.protocol}; give an http:// or https:// proxy.`);
  }
  return text;
}

/** Reads a variable as curl and undici do: the lower-case name first. */
type Lookup = (name: string) => string | undefined;
const standard = (lookup: Lookup, name: string) => lookup(name.toLowerCase()) ?? lookup(name);

/**
 * The proxy of the run: --proxy (OTP_PROXY) for both schemes, else HTTPS_PROXY and HTTP_PROXY;
 * NO_PROXY in both cases. Undefined when there is none.
 */
export function resolveProxy(given: string | undefined, lookup: Lookup): ProxySettings | undefined {
  const noProxy = standard(lookup, 'NO_PROXY') ?? '';
  if (given !== undefined && given !== '') {
    const url = proxyUrl('--proxy', given);
    return { httpProxy: url, httpsProxy: url, noProxy };
  }
  const httpsProxy = standard(lookup, 'HTTPS_PROXY') ?? '';
  const httpProxy = standard(lookup, 'HTTP_PROXY') ?? '';
  if (httpsProxy === '' && httpProxy === '') return undefined;
  return {
    httpProxy: httpProxy === '' ? '' : proxyUrl('HTTP_PROXY', httpProxy),
    httpsProxy: httpsProxy === '' ? '' : proxyUrl('HTTPS_PROXY', httpsProxy),
    noProxy,
  };
}

/** PEM text of --ca-file, with NODE_EXTRA_CA_CERTS added (an explicit CA list would otherwise drop it). */
export function readCertificates(caFile: string, extraCaFile: string | undefined): string {
  const read = (option: string, file: string) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw badOption(
        `${option} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give a PEM file of CA certificates.`,
      );
    }
    if (!text.includes('-----BEGIN CERTIFICATE-----')) {
      throw badOption(
        `${option} ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----); give the CA certificate the server's certificate is signed by.`,
      );
    }
    return text;
  };
  return [read('--ca-file', caFile), ...(extraCaFile ? [read('NODE_EXTRA_CA_CERTS', extraCaFile)] : [])].join('\n');
}

export interface ResolvedTransport {
  readonly transport: TransportOptions;
  /** Strings never written anywhere: header values, passwords in the base URL and the proxy URL. */
  readonly secrets: string[];
  /** Said loudly on the console and in the report. */
  readonly warnings: string[];
}

/** The options of how the kit reaches the target, checked before the first request. */
export function resolveTransport(options: {
  readonly baseUrl: string | undefined;
  readonly caFile: string | undefined;
  readonly insecure: boolean;
  readonly proxy: string | undefined;
  readonly headers: readonly string[];
  readonly lookup: Lookup;
}): ResolvedTransport {
  const headers = parseHeaders(options.headers);
  // The embedded server is on loopback in this process: no proxy stands between.
  const proxy = options.baseUrl === undefined ? undefined : resolveProxy(options.proxy, options.lookup);
  const ca = options.caFile === undefined ? undefined : readCertificates(options.caFile, options.lookup('NODE_EXTRA_CA_CERTS'));
  const transport: TransportOptions = {
    ...(ca ? { ca } : {}),
    ...(options.insecure ? { insecure: true } : {}),
    ...(proxy ? { proxy } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
  return {
    transport,
    secrets: [
      ...Object.values(headers),
      ...(options.baseUrl ? urlSecrets(options.baseUrl) : []),
      ...(proxy ? [...urlSecrets(proxy.httpProxy), ...urlSecrets(proxy.httpsProxy)] : []),
    ].filter((secret) => secret !== ''),
    warnings: options.insecure
      ? [
          "WARNING: --insecure: the server certificate is NOT verified. Anyone on the network path can read the token and answer in the server's place; this run proves nothing about TLS. Use --ca-file with the CA that signed it instead.",
        ]
      : [],
  };
}
