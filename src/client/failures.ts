import type { TransportFailure } from './exchange.js';

interface ErrorWithCode {
  name?: string;
  code?: string;
  message?: string;
  cause?: unknown;
}

const timeoutCodes = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);
const resetCodes = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);

function chain(error: unknown): ErrorWithCode[] {
  const links: ErrorWithCode[] = [];
  let link: unknown = error;
  while (link && typeof link === 'object' && links.length < 5) {
    links.push(link as ErrorWithCode);
    link = (link as ErrorWithCode).cause;
  }
  return links;
}

/** Names what went wrong on the wire, from undici's and Node's error codes. */
export function classifyFailure(error: unknown, timeoutMs: number, abandoned: AbortSignal | undefined): TransportFailure {
  if (abandoned?.aborted) return { kind: 'aborted', message: 'abandoned after an earlier timeout of this operation' };
  const links = chain(error);
  const codes = links.map((l) => l.code ?? '');
  const message = links.map((l) => l.message).find(Boolean) ?? String(error);
  if (links.some((l) => l.name === 'TimeoutError' || l.name === 'AbortError') || codes.some((c) => timeoutCodes.has(c))) {
    return { kind: 'timeout', message: `no complete response within ${timeoutMs} ms` };
  }
  if (codes.includes('ECONNREFUSED')) return { kind: 'connection-refused', message };
  if (codes.some((c) => resetCodes.has(c))) return { kind: 'connection-reset', message };
  if (codes.some((c) => c.startsWith('HPE_') || c === 'UND_ERR_INVALID_ARG' || c === 'UND_ERR_INFO')) {
    return { kind: 'invalid-http', message };
  }
  return { kind: 'network-error', message: codes.find(Boolean) ? `${codes.find(Boolean)}: ${message}` : message };
}
