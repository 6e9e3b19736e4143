import { connect } from 'node:net';
import { TargetUnreachableError } from '../errors.js';

/** Can a TCP connection be opened at all? Distinguishes "no server there" (exit 3) from deviations. */
export function probeTarget(baseUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (reason: string) => {
      socket.destroy();
      reject(new TargetUnreachableError(`Cannot reach ${url.origin} (${reason}); check --base-url and that the server is running.`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
  });
}
