import { afterEach, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { faults as catalogue, findFault } from '../mutation-set/faults/catalogue.js';
import { unseenRedTeamFaults } from '../mutation-set/faults/red-team/caught.js';
import { injectable, type RedTeamFault } from '../mutation-set/faults/red-team/red-team-fault.js';
import { redTeamRounds } from '../mutation-set/faults/red-team/rounds.js';
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
    const server = await startReferenceServer({ token, host: '127.0.0.1', port: 0, ...(fault ? { fault: injectable(fault) } : {}) });
    servers.push(server);
    return server;
  };
}

/** How a test shows a fault: the same calls to a clean server and to one with the fault, and the answers told apart. */
export type Demonstration = (clean: ReferenceServer, faulty: ReferenceServer) => Promise<void>;

/**
 * What holds of every red-team round: at least `minimum` faults, each named once across every
 * round, at an operation of section 4, with the clause it breaks; in the mutation catalogue, as
 * written, exactly when a check reports it; and each shown to change an answer.
 */
export function roundRules(
  round: number,
  faults: readonly RedTeamFault[],
  minimum: number,
  demonstrations: Readonly<Record<string, Demonstration>>,
  serve: (fault?: RedTeamFault) => Promise<ReferenceServer>,
): void {
  it(`holds at least ${minimum} faults, each named once in every round, at an operation of section 4, with the clause it breaks`, () => {
    expect(redTeamRounds[round]).toBe(faults);
    expect(faults.length).toBeGreaterThanOrEqual(minimum);
    const names = Object.values(redTeamRounds).flatMap((each) => each.map((fault) => fault.name));
    expect(new Set(names).size).toBe(names.length);
    const documented = new Set(operations.map((operation) => operation.id));
    for (const fault of faults) {
      expect(documented.has(fault.operationId), fault.name).toBe(true);
      expect(fault.round).toBe(round);
      expect(
        [fault.standard, fault.clause, fault.observable, fault.description].every((text) => text.length > 0),
        fault.name,
      ).toBe(true);
    }
  });

  it('joins the mutation catalogue as written, once a check reports it, and only then', () => {
    const unseen = new Set(unseenRedTeamFaults.filter((fault) => fault.round === round).map((fault) => fault.name));
    for (const fault of faults) {
      const inCatalogue = findFault(fault.name);
      if (unseen.has(fault.name)) expect(inCatalogue, fault.name).toBeUndefined();
      else expect(inCatalogue, fault.name).toMatchObject({ name: fault.name, operationId: fault.operationId, respond: fault.respond });
    }
    expect(catalogue.filter((fault) => faults.some((redTeam) => redTeam.name === fault.name)).length).toBe(faults.length - unseen.size);
  });

  it('demonstrates every fault, and only those', () => {
    expect(Object.keys(demonstrations).sort()).toEqual(faults.map((fault) => fault.name).sort());
  });

  for (const fault of faults) {
    it(`${fault.name} (${fault.operationId}): ${fault.observable}`, async () => {
      const demonstrate = demonstrations[fault.name];
      if (!demonstrate) throw new Error(`No demonstration of ${fault.name}.`);
      await demonstrate(await serve(), await serve(fault));
    });
  }
}
