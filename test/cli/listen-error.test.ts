import { describe, expect, it } from 'vitest';
import { listenError } from '../../src/cli/listen-error.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { takenPort } from '../support/taken-port.js';

describe('listenError: why serve could not listen, as the kit error that says what to give instead', () => {
  const taken = takenPort();

  it('a port another program listens on: OTP_PORT_IN_USE, with another --port or --port 0', async () => {
    const failure = await startReferenceServer({ token: 't', host: '127.0.0.1', port: taken.port }).then(
      async (server) => {
        await server.close();
        throw new Error(`listened on ${taken.port}, which is taken`);
      },
      (error: unknown) => error,
    );
    const error = listenError(failure, taken.port, '127.0.0.1');
    expect(error?.code).toBe('OTP_PORT_IN_USE');
    expect(error?.message).toBe(
      `--port ${taken.port} is in use on 127.0.0.1: another program (or another serve) listens there; give another --port, or --port 0 for a free one.`,
    );
  });

  it('a port the system keeps from this user: OTP_PORT_DENIED, and why when it is a privileged one', () => {
    // Made up: whether binding port 80 is refused depends on the user and the system.
    const privileged = listenError(Object.assign(new Error('listen EACCES'), { code: 'EACCES' }), 80, '0.0.0.0');
    expect(privileged?.code).toBe('OTP_PORT_DENIED');
    expect(privileged?.message).toContain('ports below 1024 need privileges');
    expect(privileged?.message).toContain('--port 0 for a free one');
    expect(listenError({ code: 'EACCES' }, 8081, '127.0.0.1')?.message).not.toContain('below 1024');
  });

  it('a host that is not this machine: OTP_BAD_HOST, with addresses that are', () => {
    for (const code of ['EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN']) {
      const error = listenError({ code }, 8080, '192.0.2.1');
      expect(error?.code).toBe('OTP_BAD_HOST');
      expect(error?.message).toMatch(/^--host 192\.0\.2\.1 is not .*; give one of its .*--host 127\.0\.0\.1/);
    }
  });

  it("any other failure is not the user's choice of port or host: left as it is", () => {
    expect(listenError(new Error('boom'), 8080, '127.0.0.1')).toBeUndefined();
    expect(listenError(undefined, 8080, '127.0.0.1')).toBeUndefined();
    expect(listenError({ code: 'EMFILE' }, 8080, '127.0.0.1')).toBeUndefined();
  });
});
