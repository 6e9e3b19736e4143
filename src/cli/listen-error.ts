import { KitError } from '../errors.js';

/**
 * Why `serve` could not listen where it was told, as the kit error that says what to give instead;
 * undefined for a failure that is not the user's choice of --port or --host.
 */
export function listenError(error: unknown, port: number, host: string): KitError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new KitError(
        'OTP_PORT_IN_USE',
        `--port ${port} is in use on ${host}: another program (or another serve) listens there; give another --port, or --port 0 for a free one.`,
      );
    case 'EACCES':
      return new KitError(
        'OTP_PORT_DENIED',
        `--port ${port} on ${host} is not open to this user${port < 1024 ? ' (ports below 1024 need privileges)' : ''}; give a port from 1024 up, e.g. --port 8080, or --port 0 for a free one.`,
      );
    case 'EADDRNOTAVAIL':
      return new KitError(
        'OTP_BAD_HOST',
        `--host ${host} is not an address of this machine; give one of its own, e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new KitError(
        'OTP_BAD_HOST',
        `--host ${host} is not a name this machine can resolve; give one of its addresses, e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface).`,
      );
    default:
      return undefined;
  }
}
