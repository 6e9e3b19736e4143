import { AnswerReader } from '../client/answer-reader.js';
import { createDispatcher, type TransportOptions } from '../client/dispatcher.js';
import { parseBaseUrl } from '../client/target.js';
import { TargetUnreachableError } from '../errors.js';

interface ErrorLink {
  readonly name?: string;
  readonly code?: string;
  readonly message?: string;
  readonly cause?: unknown;
}

function links(error: unknown): ErrorLink[] {
  const found: ErrorLink[] = [];
  for (let link = error; link && typeof link === 'object' && found.length < 6; link = (link as ErrorLink).cause) found.push(link as ErrorLink);
  return found;
}

const untrusted = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

const unreachable = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN']);

/**
 * Why no connection could be made, in words, with what to do about it; undefined when the error
 * came after the connection was made (no answer in time, a closed socket): the run judges that.
 */
export function connectionCause(error: unknown, timeoutMs: number): string | undefined {
  const chain = links(error);
  const coded = chain.find((link) => link.code !== undefined && link.code !== 'UND_ERR_SOCKET');
  const code = coded?.code ?? '';
  const detail = `${code ? `${code}: ` : ''}${coded?.message ?? chain[0]?.message ?? String(error)}`;
  if (code === 'ECONNREFUSED') return `connection refused (${detail}); check --base-url and that the server is running`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return `the host name does not resolve (${detail}); check --base-url`;
  if (untrusted.has(code)) {
    return `TLS: the server certificate is signed by an unknown CA (${detail}); give that CA with --ca-file FILE (or NODE_EXTRA_CA_CERTS)`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `TLS: the certificate is for another host name (${detail}); use the host name it was issued for`;
  if (code === 'CERT_HAS_EXPIRED') return `TLS: the server certificate has expired (${detail}); the server must renew it`;
  if (code === 'CERT_NOT_YET_VALID') return `TLS: the server certificate is not valid yet (${detail}); check the clocks`;
  if (code.startsWith('ERR_SSL_') || code === 'EPROTO' || code.startsWith('ERR_TLS_') || /certificate|ssl|tls/i.test(detail)) {
    return `TLS handshake failed (${detail}); is the server speaking ${code.includes('WRONG_VERSION') ? 'plain HTTP on an https:// address' : 'TLS'}?`;
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return `no connection within ${timeoutMs} ms (${detail})`;
  if (unreachable.has(code)) return `the network cannot reach the host (${detail})`;
  if (/proxy/i.test(detail)) return `the proxy refused or failed (${detail}); check --proxy, HTTPS_PROXY, HTTP_PROXY and NO_PROXY`;
  return undefined;
}

/** What the probe reads of the answer's body, at most: it wants the head. */
const PROBE_BODY_BYTES = 64 * 1024;

/**
 * One request to the base URL, through the run's own dispatcher (same TLS trust, same proxy),
 * before anything else: a connection made means the target can be checked, whatever it answers.
 * A refused connection, a name that does not resolve or a TLS failure means it cannot — exit 3,
 * "could not connect", not server deviations. Resolves to the Server header of the answer, if any,
 * for the reports' account of what was tested.
 */
export async function probeTarget(baseUrl: string, timeoutMs: number, transport?: TransportOptions): Promise<string | undefined> {
  const target = parseBaseUrl(baseUrl);
  const dispatcher = createDispatcher({ origin: target.origin, connections: 1, timeoutMs, ...(transport ? { transport } : {}) });
  // Only the head is wanted: a body longer than this is cut.
  const reader = new AnswerReader(PROBE_BODY_BYTES, () => undefined);
  try {
    dispatcher.dispatch({ origin: target.origin, method: 'GET', path: `${target.basePath}/`, headers: { ...transport?.headers } }, reader);
    const { head } = await reader.answer;
    return head.headers.server;
  } catch (error) {
    const cause = connectionCause(error, timeoutMs);
    if (cause !== undefined) throw new TargetUnreachableError(`Could not connect to ${target.origin}${target.basePath}: ${cause}.`);
    return undefined;
  } finally {
    await dispatcher.destroy();
  }
}
