import { afterEach, expect, it } from 'vitest';
import type { RedTeamFault } from '../mutation-set/planted-fault.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';

/**
 * Reference servers on 127.0.0.1 that accept `token`, clean or with one red-team fault, each stopped
 * after the test that started it.
 */
export function redTeamServers(token: string): (fault?: RedTeamFault) => Promise<ReferenceServer> {
  const servers: ReferenceServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (fault) => {
    const server = await startReferenceServer({ token, host: '127.0.0.1', port: 0, ...(fault ? { fault } : {}) });
    servers.push(server);
    return server;
  };
}

/** How a test shows a fault: the same calls to a clean server and to one with the fault, and the answers told apart. */
export type Demonstration = (clean: ReferenceServer, faulty: ReferenceServer) => Promise<void>;

/** What holds of a group of red-team faults: each is demonstrated, changing an answer as it says, and no demonstration names another fault. */
export function demonstrated(
  faults: readonly RedTeamFault[],
  demonstrations: Readonly<Record<string, Demonstration>>,
  serve: (fault?: RedTeamFault) => Promise<ReferenceServer>,
): void {
  it('demonstrates every fault, and only those', () => {
    expect(Object.keys(demonstrations).sort()).toEqual(faults.map((fault) => fault.name).sort());
  });

  for (const fault of faults) {
    it(`${fault.name} (${fault.operationId}): ${fault.redTeam.observable}`, async () => {
      const demonstrate = demonstrations[fault.name];
      if (!demonstrate) throw new Error(`No demonstration of ${fault.name}.`);
      await demonstrate(await serve(), await serve(fault));
    });
  }
}

/** The token the reference servers of the demonstrations accept. */
export const DEMONSTRATION_TOKEN = 'planted-faults';
